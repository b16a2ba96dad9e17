"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowUp, MessageSquarePlus, SlidersHorizontal } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";

import { graphDocumentSchema } from "@/core/graph/schema";
import { RunGraphCanvas } from "@/features/runs/canvas/run-graph-canvas";
import { StatusBadge } from "@/features/runs/shared/status-badge";
import { useRunStream } from "@/features/runs/stream/use-run-stream";
import { useTRPC, type RouterInputs } from "@/trpc/react";

import { AgentActivity } from "./agent-activity";
import styles from "./playground.module.css";
import { displayStatus, PastTurn, RunCounters, RunTurn, type Turn } from "./run-turn";

type Budgets = NonNullable<NonNullable<RouterInputs["runs"]["start"]["options"]>["budgets"]>;
type BudgetKey = keyof Budgets;

const BUDGET_FIELDS: ReadonlyArray<{ key: BudgetKey; label: string; step: string; hint: string }> = [
  { key: "maxSteps", label: "Max steps", step: "1", hint: "model calls" },
  { key: "maxTokens", label: "Max tokens", step: "1", hint: "input + output" },
  { key: "maxCostUsd", label: "Max cost (USD)", step: "0.01", hint: "priced calls" },
  { key: "maxWallSeconds", label: "Max time (s)", step: "1", hint: "wall clock" },
];

const FINAL = new Set(["completed", "failed", "cancelled", "budget_exceeded"]);

/**
 * The playground: pick a graph and its draft or a version, chat with it over
 * several turns (one run per turn, in one conversation), and watch each run
 * stream live — the main answer token by token, every delegation nested
 * inline — with Stop, force sync, budget overrides and live totals.
 * URL: `?graph=<id>&version=<n|draft>&conversation=<id>`.
 */
export function Playground() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  const graphs = useQuery(trpc.graphs.list.queryOptions());
  const graphId = params.get("graph") ?? graphs.data?.[0]?.id ?? null;
  const conversationId = params.get("conversation");
  const versionParam = params.get("version");

  const graph = useQuery({ ...trpc.graphs.get.queryOptions({ graphId: graphId ?? "" }), enabled: graphId !== null });
  const versions = useQuery({
    ...trpc.versions.list.queryOptions({ graphId: graphId ?? "" }),
    enabled: graphId !== null,
  });
  const published = versions.data?.find((version) => version.published)?.version ?? null;
  const version: number | "draft" =
    versionParam === null
      ? (published ?? "draft")
      : versionParam === "draft"
        ? "draft"
        : Number.isInteger(Number(versionParam))
          ? Number(versionParam)
          : "draft";
  const versionDetail = useQuery({
    ...trpc.versions.get.queryOptions({ graphId: graphId ?? "", version: typeof version === "number" ? version : 0 }),
    enabled: graphId !== null && typeof version === "number",
  });

  const document = useMemo(() => {
    const raw = version === "draft" ? graph.data?.draft : versionDetail.data?.document;
    const parsed = raw === undefined ? null : graphDocumentSchema.safeParse(raw);
    return parsed?.success ? parsed.data : null;
  }, [version, graph.data, versionDetail.data]);

  const conversation = useQuery({
    ...trpc.conversations.get.queryOptions({ conversationId: conversationId ?? "" }),
    enabled: conversationId !== null,
  });

  // Turns started here, until the conversation's list has them.
  const [localTurns, setLocalTurns] = useState<{ conversationId: string; turns: Turn[] }>({
    conversationId: "",
    turns: [],
  });
  const turns = useMemo(() => {
    const stored: Turn[] = (conversation.data?.runs ?? []).map((run) => ({ runId: run.id, input: run.inputPreview }));
    const local = localTurns.conversationId === conversationId ? localTurns.turns : [];
    const known = new Set(stored.map((turn) => turn.runId));
    const merged = [...stored];
    for (const turn of local) {
      const index = merged.findIndex((stored) => stored.runId === turn.runId);
      if (index >= 0) merged[index] = turn;
      else if (!known.has(turn.runId)) merged.push(turn);
    }
    return merged;
  }, [conversation.data, localTurns, conversationId]);

  const active = turns.at(-1) ?? null;
  const stream = useRunStream(active?.runId ?? null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const stopping = cancelled !== null && cancelled === active?.runId && !stream.trace.finished;
  // While a stop is pending, ask the server too: a stop must show even if the stream died.
  const runStatus = useQuery({
    ...trpc.runs.get.queryOptions({ runId: active?.runId ?? "" }),
    enabled: stopping,
    refetchInterval: stopping ? 400 : false,
    select: (run) => run.status as string,
  });
  const serverStatus = stopping ? (runStatus.data ?? null) : null;
  const activeStatus = active ? displayStatus(stream, serverStatus) : null;
  const running = activeStatus !== null && !FINAL.has(activeStatus);

  const [input, setInput] = useState("");
  const [forceSync, setForceSync] = useState(false);
  const [budgets, setBudgets] = useState<Partial<Record<BudgetKey, string>>>({});
  const [startError, setStartError] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const setParams = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(next)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    router.replace(`${pathname}?${search.toString()}`, { scroll: false });
  };

  const start = useMutation(trpc.runs.start.mutationOptions());
  const cancel = useMutation(trpc.runs.cancel.mutationOptions());

  const budgetProblems = BUDGET_FIELDS.flatMap(({ key, label }) => {
    const raw = budgets[key]?.trim();
    if (!raw) return [];
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) return [`${label} must be a positive number.`];
    if (key !== "maxCostUsd" && key !== "maxWallSeconds" && !Number.isInteger(value))
      return [`${label} must be a whole number.`];
    return [];
  });

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = input.trim();
    if (!text || !graphId || running || start.isPending || budgetProblems.length > 0) return;
    setStartError(null);
    const budgetOverrides: Budgets = {};
    for (const { key } of BUDGET_FIELDS) {
      const raw = budgets[key]?.trim();
      if (raw) budgetOverrides[key] = Number(raw);
    }
    const hasBudgets = Object.keys(budgetOverrides).length > 0;
    try {
      const result = await start.mutateAsync({
        graphId,
        version,
        input: text,
        conversationId: conversationId ?? undefined,
        options: forceSync || hasBudgets ? { forceSync, budgets: hasBudgets ? budgetOverrides : undefined } : undefined,
      });
      setLocalTurns((current) => ({
        conversationId: result.conversationId,
        turns: [
          ...(current.conversationId === result.conversationId ? current.turns : []),
          { runId: result.runId, input: text },
        ],
      }));
      setInput("");
      if (result.conversationId !== conversationId) setParams({ conversation: result.conversationId });
      void queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey() });
    } catch (error) {
      setStartError(startErrorMessage(error));
    }
  };

  const stop = () => {
    if (!active) return;
    setCancelled(active.runId);
    cancel.mutate({ runId: active.runId, reason: "Stopped from the playground" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  // Follow the stream while it grows, unless the reader scrolled up.
  const eventCount = stream.trace.eventCount;
  useEffect(() => {
    const end = endRef.current;
    const scroller = end?.parentElement?.parentElement;
    if (!end || !scroller) return;
    const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 160;
    if (nearBottom) end.scrollIntoView({ block: "end" });
  }, [eventCount, turns.length]);

  /** Clicking an agent on the canvas brings its latest card (or the root's answer) into view. */
  const revealAgent = (agentId: string) => {
    const cards = window.document.querySelectorAll<HTMLElement>(
      `article[data-path$="/${CSS.escape(agentId)}"], article[data-path="${CSS.escape(agentId)}"]`,
    );
    const target = cards[cards.length - 1] ?? window.document.querySelector<HTMLElement>("li[data-run-id]:last-child");
    target?.scrollIntoView({ block: "center", behavior: "smooth" });
    target?.querySelector<HTMLElement>("button")?.focus({ preventScroll: true });
  };

  const graphName = graphs.data?.find((item) => item.id === graphId)?.name ?? graph.data?.name ?? "";

  return (
    <div className={styles.playground}>
      <div className={styles.toolbar}>
        <h1 className={styles.title}>Playground</h1>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Graph</span>
          <select
            className={styles.select}
            value={graphId ?? ""}
            onChange={(event) => setParams({ graph: event.target.value, version: null, conversation: null })}
            disabled={!graphs.data || graphs.data.length === 0}
          >
            {graphs.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            )) ?? <option value="">Loading…</option>}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Version</span>
          <select
            className={styles.select}
            value={String(version)}
            onChange={(event) => setParams({ version: event.target.value, conversation: null })}
            disabled={!graphId}
          >
            <option value="draft">Draft{graph.data ? ` (revision ${graph.data.revision})` : ""}</option>
            {versions.data?.map((item) => (
              <option key={item.version} value={item.version}>
                Version {item.version}
                {item.published ? " · published" : ""}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => {
            setParams({ conversation: null });
            setStartError(null);
            inputRef.current?.focus();
          }}
          disabled={turns.length === 0 || running}
        >
          <MessageSquarePlus size={15} aria-hidden="true" />
          New conversation
        </button>
        {graphId ? (
          <Link href={`/graphs/${graphId}`} className={styles.toolbarLink}>
            Open in editor
          </Link>
        ) : null}
        <span className={styles.toolbarSpacer} />
        {active && stream.view.totals ? (
          <span className={styles.liveTotals} aria-live="off">
            <span className={styles.liveLabel}>This run</span>
            <RunCounters view={stream.view} />
          </span>
        ) : null}
      </div>

      <div className={styles.split}>
        <div className={styles.chatColumn}>
          <div className={styles.chatScroll}>
            {graphs.isPending ? (
              <p className={styles.thinking} role="status">
                Loading graphs…
              </p>
            ) : graphs.data && graphs.data.length === 0 ? (
              <EmptyState title="No graphs yet">
                <p>
                  Create one on the <Link href="/graphs">Graphs</Link> page, then run it here.
                </p>
              </EmptyState>
            ) : graphs.isError ? (
              <EmptyState title="Couldn’t load the graphs" alert>
                <p>{graphs.error.message}</p>
              </EmptyState>
            ) : conversation.isError ? (
              <EmptyState title="Couldn’t open this conversation" alert>
                <p>{conversation.error.message}</p>
              </EmptyState>
            ) : turns.length === 0 ? (
              <EmptyState title={graphName ? `Talk to ${graphName}` : "Pick a graph to start"}>
                <p>
                  Each message starts a run. Every delegation appears inline as it happens, with its status, time,
                  tokens and cost; the conversation keeps reused sessions and files across turns.
                </p>
              </EmptyState>
            ) : (
              <ol className={styles.turns} aria-label="Conversation">
                {turns.map((turn) =>
                  turn.runId === active?.runId ? (
                    <RunTurn
                      key={turn.runId}
                      turn={turn}
                      stream={stream}
                      serverStatus={serverStatus}
                      onStop={stop}
                      stopping={stopping}
                    />
                  ) : (
                    <PastTurn key={turn.runId} turn={turn} />
                  ),
                )}
              </ol>
            )}
            <div ref={endRef} />
          </div>

          <form className={styles.composer} onSubmit={(event) => void send(event)} aria-label="New message">
            {startError ? (
              <p className={styles.runError} role="alert">
                {startError}
              </p>
            ) : null}
            <div className={styles.composerBox}>
              <label htmlFor="playground-input" className="visually-hidden">
                Message
              </label>
              <textarea
                id="playground-input"
                ref={inputRef}
                className={styles.textarea}
                placeholder={graphName ? `Message ${graphName}…` : "Message…"}
                rows={2}
                value={input}
                onChange={(event) => setInput(event.target.value)}
                onKeyDown={onKeyDown}
                disabled={!graphId}
              />
              <div className={styles.composerRow}>
                <details className={styles.options}>
                  <summary>
                    <SlidersHorizontal size={14} aria-hidden="true" />
                    Run options
                    {forceSync || Object.values(budgets).some((value) => value?.trim()) ? (
                      <span className={styles.optionsDot} aria-label="(changed)" />
                    ) : null}
                  </summary>
                  <div className={styles.optionsPanel}>
                    <label className={styles.switchRow}>
                      <input
                        type="checkbox"
                        checked={forceSync}
                        onChange={(event) => setForceSync(event.target.checked)}
                      />
                      <span>
                        <strong>Force sync</strong>
                        <span className={styles.hint}>
                          Run background delegations synchronously (the parent waits for each).
                        </span>
                      </span>
                    </label>
                    <fieldset className={styles.budgets}>
                      <legend>Budget overrides for this run</legend>
                      {BUDGET_FIELDS.map(({ key, label, step, hint }) => (
                        <label key={key} className={styles.budgetField}>
                          <span>{label}</span>
                          <input
                            type="number"
                            min="0"
                            step={step}
                            inputMode="decimal"
                            placeholder={hint}
                            value={budgets[key] ?? ""}
                            onChange={(event) => setBudgets((current) => ({ ...current, [key]: event.target.value }))}
                          />
                        </label>
                      ))}
                    </fieldset>
                    {budgetProblems.length > 0 ? (
                      <p className={styles.fieldError} role="alert">
                        {budgetProblems.join(" ")}
                      </p>
                    ) : null}
                  </div>
                </details>
                <span className={styles.composerHint}>Enter to send · Shift+Enter for a new line</span>
                {running ? (
                  <button type="button" className={styles.stopButtonLarge} onClick={stop} disabled={stopping}>
                    {stopping ? "Stopping…" : "Stop"}
                  </button>
                ) : (
                  <button
                    type="submit"
                    className={styles.sendButton}
                    disabled={!input.trim() || !graphId || start.isPending || budgetProblems.length > 0}
                  >
                    <ArrowUp size={15} aria-hidden="true" />
                    {start.isPending ? "Starting…" : "Run"}
                  </button>
                )}
              </div>
            </div>
          </form>
        </div>

        <aside className={styles.side} aria-label="Graph while it runs">
          <div className={styles.sideHeader}>
            <h2 className={styles.sideTitle}>{graphName || "Graph"}</h2>
            {activeStatus ? <StatusBadge status={activeStatus} /> : null}
          </div>
          {document ? (
            <div className={styles.sideCanvas}>
              <RunGraphCanvas
                document={document}
                trace={stream.trace}
                onSelectAgent={revealAgent}
                ariaLabel={`${graphName || "Graph"} while it runs`}
              />
            </div>
          ) : null}
          <details className={styles.activityDisclosure}>
            <summary>Agents as a list</summary>
            <AgentActivity document={document} view={stream.view} />
          </details>
        </aside>
      </div>
    </div>
  );
}

function EmptyState(props: { title: string; alert?: boolean; children: ReactNode }) {
  return (
    <div className={styles.empty} role={props.alert ? "alert" : undefined}>
      <h2 className={styles.emptyTitle}>{props.title}</h2>
      {props.children}
    </div>
  );
}

/** A refusal of runs.start as a person reads it (compile errors name the first few problems). */
function startErrorMessage(error: unknown): string {
  const shaped = error as { message?: string; data?: { diagnostics?: Array<{ message: string }> } | null };
  const diagnostics = shaped.data?.diagnostics ?? [];
  if (diagnostics.length > 0)
    return `This graph does not compile: ${diagnostics
      .slice(0, 3)
      .map((d) => d.message)
      .join(" · ")}${diagnostics.length > 3 ? ` (and ${diagnostics.length - 3} more)` : ""}`;
  return shaped.message ?? "The run could not start.";
}
