"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserMinus } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import { WORKSPACE_ROLE_VALUES, type WorkspaceRoleValue } from "@/core/workspaces/roles";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatDateTime, formatDay, initials } from "./format-date";
import styles from "./members.module.css";

type Member = RouterOutputs["members"]["list"][number];

/** The members table; owners get a role select and a remove action per member. */
export function MembersTable(props: { members: Member[]; canManage: boolean; workspaceName: string }) {
  return (
    <div className={styles.card}>
      <table className={styles.table} aria-label="Members">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className={styles.hideSmall}>
              Email
            </th>
            <th scope="col">Role</th>
            <th scope="col" className={styles.hideSmall}>
              Joined
            </th>
            {props.canManage ? (
              <th scope="col" className={styles.end}>
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {props.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              canManage={props.canManage}
              workspaceName={props.workspaceName}
            />
          ))}
        </tbody>
      </table>
      <p className={styles.footer}>{props.members.length === 1 ? "1 member" : `${props.members.length} members`}</p>
    </div>
  );
}

function useRefreshMembers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() }),
      // The caller's own role may have changed (an owner stepping down).
      queryClient.invalidateQueries({ queryKey: trpc.workspaces.current.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workspaces.mine.queryKey() }),
    ]);
}

function MemberRow({
  member,
  canManage,
  workspaceName,
}: {
  member: Member;
  canManage: boolean;
  workspaceName: string;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  const setRole = useMutation(
    trpc.members.setRole.mutationOptions({
      onSuccess: async (_result, input) => {
        await refresh();
        toast.success(`${member.you ? "You are" : `${member.name} is`} now ${article(input.role)} ${input.role}`);
      },
      onError: (error) => toast.error(`Couldn’t change ${member.name}’s role: ${error.message}`),
    }),
  );

  return (
    <tr>
      <th scope="row">
        <div className={styles.person}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(member.name)}
          </span>
          <span className={styles.personText}>
            <span className={styles.personName}>
              {member.name}
              {member.you ? <span className={styles.you}>You</span> : null}
            </span>
          </span>
        </div>
      </th>
      <td className={`${styles.muted} ${styles.hideSmall}`}>{member.email}</td>
      <td>
        {canManage ? (
          <select
            className={styles.select}
            aria-label={`Role of ${member.name}`}
            value={setRole.isPending ? setRole.variables.role : member.role}
            disabled={setRole.isPending}
            onChange={(event) =>
              setRole.mutate({ userId: member.userId, role: event.target.value as WorkspaceRoleValue })
            }
          >
            {[...WORKSPACE_ROLE_VALUES].reverse().map((role) => (
              <option key={role} value={role}>
                {role.charAt(0).toUpperCase() + role.slice(1)}
              </option>
            ))}
          </select>
        ) : (
          <span className={styles.badge} data-tone={member.role}>
            {member.role}
          </span>
        )}
      </td>
      <td className={`${styles.muted} ${styles.nowrap} ${styles.hideSmall}`}>
        <time dateTime={member.joinedAt} title={formatDateTime(member.joinedAt)}>
          {formatDay(member.joinedAt)}
        </time>
      </td>
      {canManage ? (
        <td className={styles.end}>
          {member.you ? null : <RemoveMember member={member} workspaceName={workspaceName} />}
        </td>
      ) : null}
    </tr>
  );
}

function article(role: string): string {
  return role === "viewer" ? "a" : "an";
}

function RemoveMember({ member, workspaceName }: { member: Member; workspaceName: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`Removed ${member.name} from “${workspaceName}”`);
        setOpen(false);
      },
    }),
  );
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <button type="button" className={styles.ghostButton} data-tone="danger" aria-label={`Remove ${member.name}`}>
          <UserMinus size={15} aria-hidden="true" />
          Remove
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>
            Remove {member.name} from “{workspaceName}”?
          </AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>
            {member.name} ({member.email}) loses access to this workspace’s graphs, runs and settings at once. Graphs
            and runs they made stay. You can invite them again later.
          </AlertDialog.Description>
          {remove.isError ? (
            <p className={styles.fieldError} role="alert">
              {remove.error.message}
            </p>
          ) : null}
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={styles.secondaryButton}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={styles.dangerButton}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ userId: member.userId })}
            >
              {remove.isPending ? "Removing…" : "Remove member"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
