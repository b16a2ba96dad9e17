"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";

import { useTRPC } from "@/trpc/react";

import { canvasDocumentFromDefinition } from "../canvas/definition-document";
import { RunGraphCanvas } from "../canvas/run-graph-canvas";
import { formatDuration, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import styles from "./costs.module.css";
import { RunCostBreakdown } from "./run-cost-breakdown";

const ACTIVE = new Set(["queued", "running"]);

/** One run's costs (`/costs?run=<id>`): its graph lit with each agent's cost, and the breakdown. */
export function RunCostView({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const run = useQuery(
    trpc.runs.get.queryOptions(
      { runId },
      { refetchInterval: (query) => (query.state.data && ACTIVE.has(query.state.data.status) ? 2000 : false) },
    ),
  );
  const trace = useQuery(trpc.runs.exportTrace.queryOptions({ runId }, { staleTime: Infinity }));
  const document = useMemo(
    () => (trace.data ? canvasDocumentFromDefinition(trace.data.definition) : null),
    [trace.data],
  );
  const live = run.data ? ACTIVE.has(run.data.status) : false;

  return (
    <div className={styles.page}>
      <Link href="/costs" className={styles.backLink}>
        <ArrowLeft size={14} aria-hidden="true" /> All costs
      </Link>
      {run.isError ? (
        <p className={styles.error} role="alert">
          Could not load the run: {run.error.message}
        </p>
      ) : run.data ? (
        <div className={styles.runHeader}>
          <StatusBadge status={run.data.status} />
          <span>
            <strong>{run.data.graphName}</strong> {run.data.version === null ? "draft" : `version ${run.data.version}`}
            {run.data.simulated && <span className={styles.simulated}>simulated</span>}
          </span>
          <span className={styles.muted}>
            {new Date(run.data.createdAt).toLocaleString()} · {formatDuration(run.data.durationMillis)} ·{" "}
            {formatUsd(run.data.costUsd)}
          </span>
          <Link href={`/traces/${runId}`} prefetch={false} className={styles.link}>
            Open the trace
          </Link>
        </div>
      ) : (
        <p className={styles.muted} role="status">
          Loading the run…
        </p>
      )}
      {document && run.data && (
        <div className={styles.canvasFrame}>
          <RunGraphCanvas document={document} spans={run.data.spans} ariaLabel="Run graph with each agent's cost" />
        </div>
      )}
      <RunCostBreakdown runId={runId} live={live} />
    </div>
  );
}
