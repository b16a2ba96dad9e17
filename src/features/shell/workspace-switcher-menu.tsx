"use client";

import { useQuery } from "@tanstack/react-query";
import { Check, ChevronsUpDown, Plus, Users } from "lucide-react";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";

import { useSwitchWorkspace } from "@/lib/use-switch-workspace";
import { useTRPC } from "@/trpc/react";

import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import styles from "./workspace-switcher.module.css";

/** Current workspace and role; the menu lists every workspace of the caller, switches, and creates one. */
export function WorkspaceSwitcherMenu() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.workspaces.mine.queryOptions());
  const switchWorkspace = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  const workspaces = mine.data ?? [];
  const current = workspaces.find((workspace) => workspace.current);

  function select(id: string) {
    if (id === current?.id) return;
    const target = workspaces.find((workspace) => workspace.id === id);
    void switchWorkspace(id).then(() => {
      if (target) toast.success(`Switched to “${target.name}”`);
    });
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.trigger}>
            <span className={styles.mark} aria-hidden="true">
              {(current?.name.trim().charAt(0) || "?").toUpperCase()}
            </span>
            {/* The name reads "Workspace: Acme, you are owner" (the visible text plus hidden words). */}
            <span className={styles.triggerText}>
              <span className="visually-hidden">Workspace: </span>
              <span className={styles.triggerName}>{current?.name ?? (mine.isPending ? "…" : "No workspace")}</span>
              {current ? (
                <span className={styles.triggerRole}>
                  <span className="visually-hidden">, you are </span>
                  {current.role}
                </span>
              ) : null}
            </span>
            <ChevronsUpDown size={14} aria-hidden="true" className={styles.chevron} />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="start" sideOffset={6}>
            <DropdownMenu.Label className={styles.menuLabel}>Workspaces</DropdownMenu.Label>
            {mine.isError ? (
              <p className={styles.menuNote} role="alert">
                Couldn’t load your workspaces: {mine.error.message}
              </p>
            ) : workspaces.length === 0 ? (
              <p className={styles.menuNote}>You belong to no workspace yet: create one, or open an invite link.</p>
            ) : (
              <DropdownMenu.RadioGroup value={current?.id ?? ""} onValueChange={select}>
                {workspaces.map((workspace) => (
                  <DropdownMenu.RadioItem key={workspace.id} value={workspace.id} className={styles.menuItem}>
                    <span className={styles.itemMark} aria-hidden="true">
                      {(workspace.name.trim().charAt(0) || "?").toUpperCase()}
                    </span>
                    <span className={styles.itemText}>
                      <span className={styles.itemName}>{workspace.name}</span>
                      <span className={styles.itemRole}>{workspace.role}</span>
                    </span>
                    <DropdownMenu.ItemIndicator className={styles.indicator}>
                      <Check size={15} aria-hidden="true" />
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            )}
            <DropdownMenu.Separator className={styles.separator} />
            {current ? (
              <DropdownMenu.Item className={styles.menuItem} asChild>
                <Link href="/settings/members">
                  <Users size={15} aria-hidden="true" className={styles.itemIcon} />
                  Members
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => setCreating(true)}>
              <Plus size={15} aria-hidden="true" className={styles.itemIcon} />
              Create workspace…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
