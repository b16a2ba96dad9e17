"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "@/trpc/react";

import { InvitationsSection } from "./invitations-section";
import { InviteButton } from "./invite-dialog";
import { LeaveWorkspace } from "./leave-workspace";
import { MembersTable } from "./members-table";
import styles from "./members.module.css";

/**
 * Settings → Members: who is in this workspace and with which role; owners
 * also change roles, remove people, invite by link and revoke invitations.
 * Everyone may leave (except the only owner).
 */
export function MembersSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspaces.current.queryOptions());
  const members = useQuery(trpc.members.list.queryOptions());

  if (current.isError || members.isError) {
    const error = current.error ?? members.error;
    return (
      <div className={styles.error} role="alert">
        <p className={styles.errorTitle}>Couldn’t load the members</p>
        <p>{error?.message}</p>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void Promise.all([current.refetch(), members.refetch()])}
        >
          Try again
        </button>
      </div>
    );
  }
  if (current.isPending || members.isPending) return <MembersSkeleton />;

  const { workspace, role } = current.data;
  const isOwner = role === "owner";
  const ownerCount = members.data.filter((member) => member.role === "owner").length;

  return (
    <div className={styles.stack}>
      <section className={styles.section} aria-labelledby="members-heading">
        <div className={styles.sectionHeader}>
          <div>
            <h2 id="members-heading" className={styles.sectionTitle}>
              Members of {workspace.name}
            </h2>
            <p className={styles.sectionDescription}>
              {isOwner
                ? "Owners manage members, providers and keys; editors edit graphs and tools and run them; viewers read."
                : `You are ${role === "editor" ? "an editor" : "a viewer"} here: only owners change roles and invite people.`}
            </p>
          </div>
          {isOwner ? <InviteButton workspaceName={workspace.name} /> : null}
        </div>
        <MembersTable members={members.data} canManage={isOwner} workspaceName={workspace.name} />
      </section>

      {isOwner ? <InvitationsSection /> : null}

      <LeaveWorkspace workspaceName={workspace.name} soleOwner={isOwner && ownerCount === 1} />
    </div>
  );
}

function MembersSkeleton() {
  return (
    <div className={styles.card} role="status" aria-busy="true" aria-label="Loading members">
      {[0, 1, 2].map((row) => (
        <div key={row} className={styles.skeletonRow}>
          <span className={styles.skeletonCircle} />
          <span className={styles.skeletonLine} style={{ width: "22%" }} />
          <span className={styles.skeletonLine} style={{ width: "30%" }} />
        </div>
      ))}
    </div>
  );
}
