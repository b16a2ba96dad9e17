"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { toast } from "sonner";

import { useTRPC } from "@/trpc/react";

import styles from "./mcp-servers.module.css";

/** Asks before deleting an MCP server: its tools leave the catalog and graphs that use them stop compiling. */
export function DeleteMcpServerDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  server: { id: string; name: string; enabledTools: string[] };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.mcpServers.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.mcpServers.list.queryKey() });
        toast.success(`Deleted MCP server “${props.server.name}”`);
        props.onOpenChange(false);
      },
      onError: (error) => toast.error(`Couldn’t delete “${props.server.name}”: ${error.message}`),
    }),
  );
  const count = props.server.enabledTools.length;
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>Delete “{props.server.name}”?</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>
            {count > 0
              ? `Its ${count} enabled ${count === 1 ? "tool leaves" : "tools leave"} the tool catalog: agents that allow ${
                  count === 1 ? "it" : "them"
                } can no longer call ${count === 1 ? "it" : "them"}. `
              : ""}
            Its stored environment variables and headers are deleted too.
          </AlertDialog.Description>
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
              onClick={() => remove.mutate({ id: props.server.id })}
            >
              {remove.isPending ? "Deleting…" : "Delete server"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
