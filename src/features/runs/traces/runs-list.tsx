"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";

import { useTRPC, useTRPCClient, type RouterInputs, type RouterOutputs } from "@/trpc/react";

import { formatDuration, formatTokens, formatUsd } from "../shared/format";
import { StatusBadge } from "../shared/status-badge";
import styles from "./runs-list.module.css";
import { formatStartTime, versionLabel } from "./trace-format";

type RunItem = RouterOutputs["runs"]["list"]["items"][number];
type ListInput = RouterInputs["runs"]["list"];
type RunStatus = Exclude<NonNullable<ListInput["status"]>, readonly unknown[]>;

const STATUSES: readonly RunStatus[] = ["queued", "running", "completed", "failed", "cancelled", "budget_exceeded"];
const PERIODS = [
  { value: "any", label: "Any time", hours: 0 },
  { value: "1h", label: "Last hour", hours: 1 },
  { value: "24h", label: "Last 24 hours", hours: 24 },
  { value: "7d", label: "Last 7 days", hours: 24 * 7 },
  { value: "30d", label: "Last 30 days", hours: 24 * 30 },
] as const;

const PAGE_SIZE = 100;
const ROW_HEIGHT = 52;

/**
 * Every run of the workspace, newest first: filters (status, graph, period),
 * search over input/output/error/graph name, cursor pagination as the list
 * scrolls, and only the visible rows in the DOM (fast at 10,000 runs).
 */
export function RunsList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<RunStatus | "all">("all");
  const [graphId, setGraphId] = useState("all");
  const [period, setPeriod] = useState<(typeof PERIODS)[number]["value"]>("any");
  const [from, setFrom] = useState<string | undefined>(undefined);
  const query = useDeferredValue(search.trim());

  const graphs = useQuery(trpc.graphs.list.queryOptions());
  const input: Omit<ListInput, "cursor"> = {
    limit: PAGE_SIZE,
    ...(status !== "all" ? { status } : {}),
    ...(graphId !== "all" ? { graphId } : {}),
    ...(query ? { q: query } : {}),
    ...(from ? { from } : {}),
  };
  // Cursor pages through the plain client: tRPC's infiniteQueryOptions adds a
  // `direction` field to the input, which runs.list's strict input refuses.
  const runs = useInfiniteQuery({
    queryKey: [...trpc.runs.list.pathKey(), "pages", input],
    queryFn: ({ pageParam }) => client.runs.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Runs still going change; refresh the loaded pages now and then.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((r) => r.status === "running" || r.status === "queued"))
        ? 3000
        : false,
  });
  const items = useMemo(() => runs.data?.pages.flatMap((p) => p.items) ?? [], [runs.data]);
  const filtered = status !== "all" || graphId !== "all" || period !== "any" || query !== "";

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = runs;
  useEffect(() => {
    if (lastIndex >= items.length - 20 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section className={styles.card} aria-label="Runs">
      <div className={styles.filters} role="search">
        <label className={styles.searchField}>
          <span className="visually-hidden">Search runs</span>
          <input
            type="search"
            value={search}
            placeholder="Search input, output, error or graph…"
            onChange={(e) => setSearch(e.target.value)}
            className={styles.input}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Status</span>
          <select
            className={styles.select}
            value={status}
            onChange={(e) => setStatus(e.target.value as RunStatus | "all")}
          >
            <option value="all">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Graph</span>
          <select className={styles.select} value={graphId} onChange={(e) => setGraphId(e.target.value)}>
            <option value="all">All graphs</option>
            {graphs.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Started</span>
          <select
            className={styles.select}
            value={period}
            onChange={(e) => {
              const next = PERIODS.find((p) => p.value === e.target.value) ?? PERIODS[0];
              setPeriod(next.value);
              setFrom(next.hours ? new Date(Date.now() - next.hours * 3_600_000).toISOString() : undefined);
            }}
          >
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div role="table" aria-label="Runs" aria-rowcount={items.length + 1} className={styles.table}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={`${styles.row} ${styles.headerRow}`}>
            <span role="columnheader">Status</span>
            <span role="columnheader">Run</span>
            <span role="columnheader">Started</span>
            <span role="columnheader" className={styles.numeric}>
              Duration
            </span>
            <span role="columnheader" className={styles.numeric}>
              Tokens
            </span>
            <span role="columnheader" className={styles.numeric}>
              Cost
            </span>
            <span role="columnheader" className={styles.numeric}>
              Handoffs
            </span>
          </div>
        </div>
        <div ref={scrollRef} className={styles.scroller} data-testid="runs-scroller">
          {runs.isPending ? (
            <p className={styles.state} role="status">
              Loading runs…
            </p>
          ) : runs.isError ? (
            <div className={styles.state} role="alert">
              <p>Couldn’t load runs: {runs.error.message}</p>
              <button type="button" className={styles.button} onClick={() => void runs.refetch()}>
                Try again
              </button>
            </div>
          ) : items.length === 0 ? (
            <div className={styles.state}>
              {filtered ? (
                <p>No run matches these filters.</p>
              ) : (
                <p>
                  No runs yet. Open a graph in the{" "}
                  <Link href="/playground" className="text-link">
                    playground
                  </Link>{" "}
                  and run it; its trace appears here.
                </p>
              )}
            </div>
          ) : (
            <div role="rowgroup" style={{ height: virtualizer.getTotalSize() }} className={styles.rows}>
              {virtualItems.map((v) => (
                <RunRow key={items[v.index].id} run={items[v.index]} index={v.index} start={v.start} />
              ))}
            </div>
          )}
        </div>
      </div>
      <p className={styles.footer} aria-live="polite">
        {runs.isFetchingNextPage
          ? `${items.length.toLocaleString("en-US")} runs loaded, loading more…`
          : runs.hasNextPage
            ? `${items.length.toLocaleString("en-US")} runs loaded; scroll for more`
            : items.length === 1
              ? "1 run"
              : `${items.length.toLocaleString("en-US")} runs`}
      </p>
    </section>
  );
}

function RunRow({ run, index, start }: { run: RunItem; index: number; start: number }) {
  const tokens = run.inputTokens + run.outputTokens;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${styles.row} ${styles.dataRow}`}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
      data-run-id={run.id}
    >
      <span role="cell" className={styles.statusCell}>
        <StatusBadge status={run.status} />
        {run.simulated ? <span className={styles.simulated}>Simulated</span> : null}
      </span>
      <span role="cell" className={styles.runCell}>
        <Link href={`/traces/${run.id}`} className={styles.runLink}>
          <span className={styles.graphName}>
            {run.graphName} <span className={styles.version}>{versionLabel(run)}</span>
          </span>
          <span className={styles.inputPreview}>{run.inputPreview || "(empty input)"}</span>
        </Link>
      </span>
      <span role="cell" className={styles.muted}>
        {formatStartTime(run.startedAt ?? run.createdAt)}
      </span>
      <span role="cell" className={styles.numeric}>
        {formatDuration(run.durationMillis)}
      </span>
      <span role="cell" className={styles.numeric}>
        {formatTokens(tokens)}
      </span>
      <span
        role="cell"
        className={styles.numeric}
        title={run.unpricedCalls ? `${run.unpricedCalls} calls without a known price` : undefined}
      >
        {formatUsd(run.costUsd)}
      </span>
      <span role="cell" className={styles.numeric}>
        {run.handoffs}
        {run.failedHandoffs > 0 ? <span className={styles.failedCount}>{run.failedHandoffs} failed</span> : null}
      </span>
    </div>
  );
}
