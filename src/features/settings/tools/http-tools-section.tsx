"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FlaskConical, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { useTRPC } from "@/trpc/react";

import { ConfirmButton } from "./confirm-button";
import { HttpToolDialog, type HttpToolRow } from "./http-tool-dialog";
import { HttpToolTestDialog } from "./http-tool-test-dialog";
import styles from "./tools-settings.module.css";
import { hasAtLeast, useWorkspaceRole } from "./use-workspace-role";

/** The workspace's HTTP tools: list; editors add, edit, test and delete them. */
export function HttpToolsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const role = useWorkspaceRole();
  const canEdit = hasAtLeast(role, "editor");
  const tools = useQuery(trpc.httpTools.list.queryOptions());
  const [editing, setEditing] = useState<{ tool?: HttpToolRow } | null>(null);
  const [testing, setTesting] = useState<HttpToolRow | null>(null);
  const remove = useMutation(
    trpc.httpTools.delete.mutationOptions({
      onSuccess: async ({ name }) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.httpTools.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.tools.catalog.queryKey() }),
        ]);
        toast.success(`Deleted the HTTP tool ${name}`);
      },
      onError: (error) => toast.error(`Couldn’t delete the tool: ${error.message}`),
    }),
  );

  return (
    <section className={styles.section} aria-labelledby="http-tools-title">
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="http-tools-title" className={styles.sectionTitle}>
            HTTP tools
          </h2>
          <p className={styles.sectionText}>
            Tools agents call by name: an HTTP request built from a URL template and the call’s arguments. Allow them to
            an agent in the editor’s Tools checklist.
          </p>
        </div>
        {canEdit ? (
          <button type="button" className={styles.primaryButton} onClick={() => setEditing({})}>
            <Plus size={16} aria-hidden="true" />
            Add HTTP tool
          </button>
        ) : null}
      </div>

      {tools.isPending ? <p className={styles.state}>Loading HTTP tools…</p> : null}
      {tools.isError ? (
        <p className={styles.error} role="alert">
          Couldn’t load the HTTP tools: {tools.error.message}
        </p>
      ) : null}
      {tools.data && tools.data.length === 0 ? (
        <p className={styles.empty}>No HTTP tools yet.{canEdit ? " Add one to give agents an API to call." : ""}</p>
      ) : null}
      {tools.data && tools.data.length > 0 ? (
        <ul className={styles.list} aria-label="HTTP tools">
          {tools.data.map((tool) => (
            <li key={tool.id} className={styles.row}>
              <div className={styles.rowMain}>
                <span className={styles.rowName}>{tool.name}</span>
                <span className={styles.rowDetail}>
                  <span className={styles.method}>{tool.method}</span>
                  <span className={styles.mono}>{tool.urlTemplate}</span>
                </span>
                {tool.description ? <span className={styles.rowDetail}>{tool.description}</span> : null}
              </div>
              {canEdit ? (
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    className={styles.ghostButton}
                    onClick={() => setTesting(tool)}
                    aria-label={`Test ${tool.name}`}
                  >
                    <FlaskConical size={16} aria-hidden="true" />
                    Test
                  </button>
                  <button
                    type="button"
                    className={styles.ghostButton}
                    onClick={() => setEditing({ tool })}
                    aria-label={`Edit ${tool.name}`}
                  >
                    <Pencil size={16} aria-hidden="true" />
                  </button>
                  <ConfirmButton
                    label={<Trash2 size={16} aria-hidden="true" />}
                    ariaLabel={`Delete ${tool.name}`}
                    title={`Delete the HTTP tool ${tool.name}?`}
                    description="Graphs whose agents allow it will no longer compile until it is removed from their allow-lists or added again."
                    confirmLabel="Delete"
                    onConfirm={() => remove.mutate({ id: tool.id })}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {role === "viewer" ? <p className={styles.note}>Editors and owners can add, change and test tools.</p> : null}

      <HttpToolDialog
        tool={editing?.tool}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      {testing ? (
        <HttpToolTestDialog
          tool={testing}
          open
          onOpenChange={(open) => {
            if (!open) setTesting(null);
          }}
        />
      ) : null}
    </section>
  );
}
