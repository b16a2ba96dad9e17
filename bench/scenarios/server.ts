/**
 * Scenario 5 and the event persistence figures (ours only): runs through the
 * queue and a worker with persistence on, and the event writer alone, on a
 * throwaway embedded PostgreSQL — see `workers/server-runs.ts`.
 */
import { fmtInt, fmtMb, fmtMs, fmtRatio, table } from "../lib/format";
import { runWorker } from "../lib/spawn-worker";
import type { LatencySummary, ServerBenchResult } from "../workers/server-runs";

export interface ServerScenarioOptions {
  runs: number;
  latencyMs: number;
  /** Runs replayed into the writer as fast as it takes them. */
  replayRuns: number;
  /** Offered rate of the paced replay, events/s, and for how long. */
  rate: number;
  seconds: number;
}

export type ServerScenario = ServerBenchResult & { options: ServerScenarioOptions };

/** The issue's targets for the server figures. */
export const SERVER_GOALS = {
  eventsPerSec: 20_000,
  latencyP95Ms: 250,
} as const;

export async function runServer(options: ServerScenarioOptions): Promise<ServerScenario> {
  const outcome = await runWorker<ServerBenchResult>(
    "bench/workers/server-runs.ts",
    [
      "--runs",
      String(options.runs),
      "--latency",
      String(options.latencyMs),
      "--replay-runs",
      String(options.replayRuns),
      "--rate",
      String(options.rate),
      "--seconds",
      String(options.seconds),
    ],
    { timeoutMs: 20 * 60_000, echo: true },
  );
  if (!outcome.result) {
    return {
      ok: false,
      error: `worker exited ${outcome.exitCode ?? outcome.signal}${outcome.timedOut ? " (timed out)" : ""}: ${outcome.stderrTail}`,
      queue: null,
      replay: [],
      notes: [],
      options,
    };
  }
  return { ...outcome.result, options };
}

const latency = (s: LatencySummary) => `${fmtMs(s.p50Ms)} / ${fmtMs(s.p95Ms)} / ${fmtMs(s.maxMs)}`;
const mark = (ok: boolean) => (ok ? "✓" : "✗");

export function renderServer(result: ServerScenario): string {
  const { options } = result;
  const criticalPathMs = result.queue?.criticalPathMs ?? 5 * options.latencyMs;
  const title =
    `Scenario 5 — runs through the queue and a worker with persistence on: ${options.runs} concurrent runs of scenario 2 ` +
    `(${options.latencyMs} ms per model call, critical path ${criticalPathMs} ms; \`add\` served by the built-in calculator), ` +
    "embedded PostgreSQL, one worker process, a RunEventHub subscriber process on every run";
  if (!result.ok || !result.queue) return `${title}\n  error: ${result.error}`;
  const q = result.queue;
  const queueTable = table([
    [
      "runs",
      "wall",
      "wall/critical",
      "completed",
      "events stored",
      "events/s",
      "worker peak RSS",
      "worker CPU ms/run",
      "worker main thread",
      "PostgreSQL CPU",
      "emit → subscriber p50 / p95 / max",
      "enqueue",
    ],
    [
      String(q.runs),
      fmtMs(q.wallMs),
      fmtRatio(q.ratio),
      `${q.completed}${q.failed ? ` (${q.failed} not)` : ""}`,
      `${fmtInt(q.storedEvents)} of ${fmtInt(q.expectedEvents)}`,
      fmtInt(q.eventsPerSec),
      fmtMb(q.workerPeakRssBytes),
      fmtRatio(q.workerCpuMsPerRun),
      fmtMs(q.workerMainThreadCpuMs),
      fmtMs(q.postgresCpuMs),
      latency(q.subscriber),
      fmtMs(q.enqueueMs),
    ],
  ]);
  const replayTitle =
    "Event persistence — the run event writer alone (createRunEventWriter: batched, one transaction and NOTIFY per flush), " +
    "replaying scenario 2's stored events with fresh run ids, the subscriber process on every replayed run";
  const replayTable = table([
    [
      "mode",
      "runs",
      "events",
      "elapsed",
      "stored events/s",
      "writer CPU",
      "PostgreSQL CPU",
      "emit → subscriber p50 / p95 / max",
      "targets",
    ],
    ...result.replay.map((r) => {
      const fast = r.storedPerSec >= SERVER_GOALS.eventsPerSec;
      const quick = r.subscriber.p95Ms !== null && r.subscriber.p95Ms < SERVER_GOALS.latencyP95Ms;
      return [
        r.mode === "max" ? "as fast as it takes them" : `paced at ${fmtInt(r.targetRate)}/s`,
        String(r.runs),
        fmtInt(r.events),
        fmtMs(r.elapsedMs),
        fmtInt(r.storedPerSec),
        fmtMs(r.writerCpuMs),
        fmtMs(r.postgresCpuMs),
        latency(r.subscriber),
        `${mark(fast)} ≥ ${fmtInt(SERVER_GOALS.eventsPerSec)}/s, ${mark(quick)} p95 < ${SERVER_GOALS.latencyP95Ms} ms`,
      ];
    }),
  ]);
  const lines = [
    title,
    queueTable,
    "wall: jobs added (one statement) → every run's RUN_END stored (its NOTIFY); events/s over that wall; " +
      "worker CPU: all its threads / runs; PostgreSQL CPU: the server's processes over the wall; " +
      "latency: event.timestamp (emit, worker clock) → delivered by the hub (same machine).",
    "",
    replayTitle,
    replayTable,
    `targets (issue 10): at least ${fmtInt(SERVER_GOALS.eventsPerSec)} events/s stored on a 2-core machine, and emit → subscriber p95 under ${SERVER_GOALS.latencyP95Ms} ms at that load.`,
  ];
  if (result.notes.length) lines.push(`notes: ${result.notes.join("; ")}`);
  return lines.join("\n");
}
