"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { useTRPC, type RouterOutputs } from "@/trpc/react";

import { formatAbsoluteTime, formatRelativeTime } from "./format-relative-time";
import styles from "./graph-list.module.css";
import { GraphListEmpty } from "./graph-list-empty";
import { GraphRowMenu } from "./graph-row-menu";

type GraphSummary = RouterOutputs["graphs"]["list"][number];

/** The workspace's graphs, most recently updated first; each name opens the graph in the editor. */
export function GraphList() {
  const trpc = useTRPC();
  const graphs = useQuery(trpc.graphs.list.queryOptions());

  if (graphs.isPending) return <GraphListSkeleton />;
  if (graphs.isError) {
    return (
      <div className={styles.error} role="alert">
        <p className={styles.errorTitle}>Couldn’t load graphs</p>
        <p className={styles.errorMessage}>{graphs.error.message}</p>
        <button type="button" className={styles.button} onClick={() => void graphs.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (graphs.data.length === 0) return <GraphListEmpty />;

  return (
    <div className={styles.card}>
      <table className={styles.table} aria-label="Graphs">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className={styles.numeric}>
              Agents
            </th>
            <th scope="col" className={styles.numeric}>
              Revision
            </th>
            <th scope="col" className={styles.updated}>
              Updated
            </th>
            <th scope="col" className={styles.actions}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {graphs.data.map((graph) => (
            <GraphRow key={graph.id} graph={graph} />
          ))}
        </tbody>
      </table>
      <p className={styles.footer}>{graphs.data.length === 1 ? "1 graph" : `${graphs.data.length} graphs`}</p>
    </div>
  );
}

function GraphRow({ graph }: { graph: GraphSummary }) {
  const updatedAt = new Date(graph.updatedAt);
  return (
    <tr>
      <th scope="row" className={styles.nameCell}>
        <div className={styles.nameInner}>
          <span className={styles.avatar} aria-hidden="true">
            {graph.name.trim().charAt(0).toUpperCase() || "G"}
          </span>
          <span className={styles.nameText}>
            {/* No prefetch: the editor is a heavy route, loaded when a graph is actually opened. */}
            <Link href={`/graphs/${graph.id}`} className={styles.name} prefetch={false}>
              {graph.name}
            </Link>
            {graph.description ? (
              <span className={styles.description}>{graph.description}</span>
            ) : (
              <span className={styles.descriptionMissing}>No description</span>
            )}
          </span>
        </div>
      </th>
      <td className={styles.numeric}>
        <span className={styles.pill}>
          {graph.agentCount} {graph.agentCount === 1 ? "agent" : "agents"}
        </span>
      </td>
      <td className={`${styles.numeric} ${styles.revision}`}>{graph.revision}</td>
      <td className={styles.updated}>
        {/* Relative text depends on "now": the browser may differ from the server by a tick. */}
        <time dateTime={graph.updatedAt} title={formatAbsoluteTime(updatedAt)} suppressHydrationWarning>
          {formatRelativeTime(updatedAt)}
        </time>
      </td>
      <td className={styles.actions}>
        <GraphRowMenu graph={graph} />
      </td>
    </tr>
  );
}

function GraphListSkeleton() {
  return (
    <div className={styles.card} role="status" aria-busy="true" aria-label="Loading graphs">
      {[0, 1, 2].map((row) => (
        <div key={row} className={styles.skeletonRow}>
          <span className={styles.skeletonAvatar} />
          <span className={styles.skeletonLines}>
            <span className={styles.skeletonLine} style={{ width: "32%" }} />
            <span className={styles.skeletonLine} style={{ width: "58%" }} />
          </span>
        </div>
      ))}
    </div>
  );
}
