"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { DeleteMcpServerDialog } from "./delete-mcp-server-dialog";
import { McpServerDialog } from "./mcp-server-dialog";
import { mcpToolChoice, turnedOffMessage } from "./mcp-tool-choice";
import styles from "./mcp-servers.module.css";

export type McpServerItem = RouterOutputs["mcpServers"]["list"][number];

/** What the caller may do with servers. */
export interface McpRights {
  /** Refresh tools and choose which agents may use (editors and owners). */
  canUseTools: boolean;
  /** Add, change and delete servers (owners: a stdio server runs a command on the server machine). */
  canConfigure: boolean;
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** One MCP server: how it is reached, its last error, and its tools with the ones agents may use ticked. */
export function McpServerCard({ server, rights }: { server: McpServerItem; rights: McpRights }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.mcpServers.list.queryKey() });

  const refresh = useMutation(
    trpc.mcpServers.refresh.mutationOptions({
      onSuccess: async (result) => {
        await invalidate();
        if (result.ok) {
          const count = result.server.tools.length;
          toast.success(`“${server.name}” lists ${count} ${count === 1 ? "tool" : "tools"}`);
          const turnedOff = turnedOffMessage(server.name, result.turnedOff);
          if (turnedOff) toast.warning(turnedOff);
        } else toast.error(result.error ?? "The server could not be reached.");
      },
      onError: (error) => toast.error(`Couldn’t refresh “${server.name}”: ${error.message}`),
    }),
  );
  // The ticks change at once; the list is read again when the server has answered (or put back on an error).
  const [optimistic, setOptimistic] = useState<string[] | null>(null);
  const enabledTools = optimistic ?? server.enabledTools;
  const setEnabled = useMutation(
    trpc.mcpServers.setEnabledTools.mutationOptions({
      onError: (error) => toast.error(`Couldn’t change the tools of “${server.name}”: ${error.message}`),
      onSettled: async () => {
        await invalidate();
        setOptimistic(null);
      },
    }),
  );

  const toggle = (tool: string, on: boolean) => {
    const next = on ? [...enabledTools, tool] : enabledTools.filter((name) => name !== tool);
    setOptimistic(next);
    setEnabled.mutate({ id: server.id, tools: next });
  };

  const reach = server.transport === "stdio" ? [server.command ?? "", ...server.args].join(" ") : (server.url ?? "");
  const secretNames = server.transport === "stdio" ? server.envNames : server.headerNames;

  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          {server.name}
          <span className={styles.badge}>{server.transport === "stdio" ? "stdio" : "HTTP"}</span>
        </h3>
        <div className={styles.cardActions}>
          {rights.canUseTools ? (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => refresh.mutate({ id: server.id })}
              disabled={refresh.isPending}
            >
              <RefreshCw size={14} aria-hidden="true" />
              {refresh.isPending ? "Refreshing…" : "Refresh tools"}
            </button>
          ) : null}
          {rights.canConfigure ? (
            <>
              <button type="button" className={styles.secondaryButton} onClick={() => setEditing(true)}>
                <Pencil size={14} aria-hidden="true" /> Edit
              </button>
              <button
                type="button"
                className={styles.ghostButton}
                aria-label={`Delete ${server.name}`}
                onClick={() => setDeleting(true)}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </div>

      <dl className={styles.details}>
        <dt>{server.transport === "stdio" ? "Command" : "URL"}</dt>
        <dd className={styles.code}>{reach}</dd>
        <dt>{server.transport === "stdio" ? "Environment" : "Headers"}</dt>
        <dd>{secretNames.length > 0 ? secretNames.join(", ") + " (values hidden)" : "none"}</dd>
        <dt>Tools listed</dt>
        <dd>{server.listedAt ? formatWhen(server.listedAt) : "never"}</dd>
      </dl>

      {server.lastError ? (
        <p className={styles.error}>
          <CircleAlert size={16} className={styles.errorIcon} aria-hidden="true" />
          <span>
            <strong>Last refresh failed:</strong> {server.lastError}
          </span>
        </p>
      ) : null}
      {server.secretsError ? (
        <p className={styles.error}>
          <CircleAlert size={16} className={styles.errorIcon} aria-hidden="true" />
          <span>{server.secretsError}</span>
        </p>
      ) : null}

      {server.tools.length === 0 ? (
        <p className={styles.muted}>
          No tools listed yet.{" "}
          {rights.canUseTools ? "Refresh tools to connect to the server and list them." : "An editor can list them."}
        </p>
      ) : (
        <fieldset className={styles.tools} disabled={!rights.canUseTools || setEnabled.isPending}>
          <legend className={styles.toolsLegend}>
            Tools agents may use ({enabledTools.length} of {server.tools.length})
          </legend>
          {rights.canUseTools ? null : (
            <p className={styles.muted}>Only editors and owners choose which tools agents may use.</p>
          )}
          {server.tools.map((tool, index) => {
            const id = `${server.id}-${tool.name}`;
            const reasonId = `${titleId}-reason-${index}`;
            const choice = mcpToolChoice(tool, enabledTools);
            return (
              <div key={tool.name} className={styles.tool}>
                <input
                  id={id}
                  type="checkbox"
                  checked={choice.checked}
                  disabled={choice.disabled}
                  aria-describedby={choice.reason ? reasonId : undefined}
                  onChange={(event) => toggle(tool.name, event.target.checked)}
                />
                <span className={styles.toolText}>
                  <label htmlFor={id} className={styles.toolLabel}>
                    <span className={styles.toolName}>
                      {tool.name}{" "}
                      {tool.catalogName ? (
                        <span className={`${styles.subtle} ${styles.code}`}>{tool.catalogName}</span>
                      ) : null}
                    </span>
                    {tool.description ? <span className={styles.toolDescription}>{tool.description}</span> : null}
                  </label>
                  {choice.reason ? (
                    <span id={reasonId} className={styles.fieldError}>
                      {choice.reason}
                    </span>
                  ) : null}
                </span>
              </div>
            );
          })}
        </fieldset>
      )}

      {rights.canConfigure ? (
        <>
          <McpServerDialog open={editing} onOpenChange={setEditing} server={server} />
          <DeleteMcpServerDialog open={deleting} onOpenChange={setDeleting} server={server} />
        </>
      ) : null}
    </li>
  );
}
