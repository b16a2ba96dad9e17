"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";

import { useTRPC } from "@/trpc/react";

import { McpServerCard, type McpRights } from "./mcp-server-card";
import { McpServerDialog } from "./mcp-server-dialog";
import styles from "./mcp-servers.module.css";

/**
 * Settings → Tools → MCP servers: the workspace's servers, their tools and
 * which of those agents may use. Owners add, change and delete servers;
 * editors refresh tools and choose them; viewers read.
 */
export function McpServersSection() {
  const trpc = useTRPC();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const current = useQuery(trpc.workspaces.current.queryOptions());
  const servers = useQuery(trpc.mcpServers.list.queryOptions());
  const role = current.data?.role;
  const rights: McpRights = {
    canUseTools: role === "editor" || role === "owner",
    canConfigure: role === "owner",
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <div>
          <h2 id={titleId} className={styles.sectionTitle}>
            MCP servers
          </h2>
          <p className={styles.sectionText}>
            Model Context Protocol servers started from a command on this server (stdio) or reached over streamable
            HTTP. Refresh a server to list its tools, then tick the ones agents may use: they appear in the tool catalog
            as <span className={styles.code}>server__tool</span>.
            {role && !rights.canConfigure ? " Only owners can add or change servers." : ""}
          </p>
        </div>
        {rights.canConfigure ? (
          <button type="button" className={styles.primaryButton} onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden="true" /> Add MCP server
          </button>
        ) : null}
      </div>

      {servers.isPending ? (
        <p className={styles.muted} role="status">
          Loading MCP servers…
        </p>
      ) : servers.isError ? (
        <p className={styles.error} role="alert">
          Couldn’t load the MCP servers: {servers.error.message}
        </p>
      ) : servers.data.length === 0 ? (
        <p className={styles.empty}>
          No MCP servers yet.{" "}
          {rights.canConfigure
            ? "Add one with its command (e.g. npx -y @modelcontextprotocol/server-everything) or its HTTP URL."
            : "An owner can add one."}
        </p>
      ) : (
        <ul className={styles.list} aria-label="MCP servers">
          {servers.data.map((server) => (
            <McpServerCard key={server.id} server={server} rights={rights} />
          ))}
        </ul>
      )}

      {rights.canConfigure ? <McpServerDialog open={adding} onOpenChange={setAdding} /> : null}
    </section>
  );
}
