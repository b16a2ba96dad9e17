"use client";

import type { GraphDocument } from "@/core/graph/schema";
import { StatusBadge } from "@/features/runs/shared/status-badge";
import type { RunStreamView } from "@/features/runs/stream/stream-view";

import styles from "./playground.module.css";

/**
 * Every agent of the graph with what it is doing in the current run: the
 * root first, then the others in document order; each delegation path that
 * ran is listed under its agent (an agent can run at several places).
 */
export function AgentActivity({ document, view }: { document: GraphDocument | null; view: RunStreamView }) {
  if (!document) return <p className={styles.sideEmpty}>Loading the graph…</p>;
  const byAgent = new Map<string, Array<[string, string]>>();
  for (const [path, status] of view.agents) {
    const id = path.split("/").at(-1) ?? path;
    byAgent.set(id, [...(byAgent.get(id) ?? []), [path, status]]);
  }
  const agents = [...document.agents].sort(
    (a, b) => Number(b.id === document.rootAgentId) - Number(a.id === document.rootAgentId),
  );
  return (
    <ul className={styles.activity} aria-label="Agents in this run">
      {agents.map((agent) => {
        const runs = byAgent.get(agent.id) ?? [];
        const latest = runs.at(-1)?.[1];
        return (
          <li key={agent.id} className={styles.activityItem} data-status={latest ?? "idle"}>
            <span className={styles.activityDot} aria-hidden="true" />
            <span className={styles.activityName}>
              {agent.name}
              <span className={styles.activityId}>{agent.id}</span>
            </span>
            {latest ? <StatusBadge status={latest} /> : <span className={styles.activityIdle}>not started</span>}
            {runs.length > 1 ? <span className={styles.activityCount}>×{runs.length}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
