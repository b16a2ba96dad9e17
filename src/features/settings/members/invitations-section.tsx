"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatDateTime, formatDay } from "./format-date";
import styles from "./members.module.css";

type Invitation = RouterOutputs["invitations"]["list"][number];

const STATE_LABELS: Record<Invitation["state"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

/** Owners' list of invite links: pending ones first (with Revoke), then the used, expired and revoked ones. */
export function InvitationsSection() {
  const trpc = useTRPC();
  const invitations = useQuery(trpc.invitations.list.queryOptions());
  const sorted = invitations.data
    ? [...invitations.data].sort((a, b) => Number(b.state === "pending") - Number(a.state === "pending"))
    : [];
  const pending = sorted.filter((invitation) => invitation.state === "pending").length;

  return (
    <section className={styles.section} aria-labelledby="invitations-heading">
      <div>
        <h2 id="invitations-heading" className={styles.sectionTitle}>
          Invitations
        </h2>
        <p className={styles.sectionDescription}>
          Links you and other owners created. A pending link works until it expires, is used or is revoked.
        </p>
      </div>
      {invitations.isPending ? (
        <div className={styles.card} role="status" aria-busy="true" aria-label="Loading invitations">
          <div className={styles.skeletonRow}>
            <span className={styles.skeletonLine} style={{ width: "40%" }} />
          </div>
        </div>
      ) : invitations.isError ? (
        <div className={styles.error} role="alert">
          <p className={styles.errorTitle}>Couldn’t load the invitations</p>
          <p>{invitations.error.message}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => void invitations.refetch()}>
            Try again
          </button>
        </div>
      ) : sorted.length === 0 ? (
        <div className={styles.card}>
          <p className={styles.empty}>No invitations yet. “Invite people” creates a link to send to someone.</p>
        </div>
      ) : (
        <div className={styles.card}>
          <table className={styles.table} aria-label="Invitations">
            <thead>
              <tr>
                <th scope="col">For</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col" className={styles.hideSmall}>
                  Details
                </th>
                <th scope="col" className={styles.end}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </tbody>
          </table>
          <p className={styles.footer}>
            {pending === 1 ? "1 pending invitation" : `${pending} pending invitations`} · {sorted.length} in all
          </p>
        </div>
      )}
    </section>
  );
}

function details(invitation: Invitation): string {
  const by = invitation.createdBy ? ` by ${invitation.createdBy.name}` : "";
  const created = `Created ${formatDay(invitation.createdAt)}${by}`;
  switch (invitation.state) {
    case "pending":
      return `${created} · expires ${formatDateTime(invitation.expiresAt)}`;
    case "accepted":
      return `Accepted ${invitation.acceptedAt ? formatDay(invitation.acceptedAt) : ""}${
        invitation.acceptedBy ? ` by ${invitation.acceptedBy.name} (${invitation.acceptedBy.email})` : ""
      }`;
    case "expired":
      return `${created} · expired ${formatDateTime(invitation.expiresAt)}`;
    case "revoked":
      return `${created} · revoked ${invitation.revokedAt ? formatDay(invitation.revokedAt) : ""}`;
  }
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const who = invitation.email ?? "Anyone with the link";
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
        toast.success(`Revoked the invitation for ${invitation.email ?? "the link"}`);
      },
      onError: (error) => toast.error(`Couldn’t revoke the invitation: ${error.message}`),
    }),
  );
  return (
    <tr>
      <th scope="row" className={invitation.email ? undefined : styles.muted}>
        {who}
      </th>
      <td>
        <span className={styles.badge} data-tone={invitation.role}>
          {invitation.role}
        </span>
      </td>
      <td>
        <span className={styles.badge} data-tone={invitation.state}>
          {STATE_LABELS[invitation.state]}
        </span>
      </td>
      <td className={`${styles.muted} ${styles.hideSmall}`}>{details(invitation)}</td>
      <td className={styles.end}>
        {invitation.state === "pending" ? (
          <button
            type="button"
            className={styles.ghostButton}
            data-tone="danger"
            disabled={revoke.isPending}
            aria-label={`Revoke the invitation for ${who}`}
            onClick={() => revoke.mutate({ invitationId: invitation.id })}
          >
            {revoke.isPending ? "Revoking…" : "Revoke"}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
