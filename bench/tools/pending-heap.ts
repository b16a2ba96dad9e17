/**
 * Retained heap per pending run — the figure that drives GC cost at 1,000
 * concurrent runs (every object alive across a model wait survives scavenges
 * and is promoted). Starts N concurrent runs of scenario 2 with a long model
 * latency, waits until every run is parked in the chosen phase, forces two
 * full GCs and divides the growth of `heapUsed` by N. Wall-clock ratios are
 * noisy on a shared machine; this figure is not.
 *
 *   node --expose-gc --import tsx bench/tools/pending-heap.ts [--runs 1000] [--latency 2000] [--phase parent|children|children-last|final]
 *     [--sites]     also print live bytes by allocation site (sampling heap profiler)
 *
 * Phases: `parent` = 0.5 × latency (every run in the root's first model call),
 * `children` = 1.5 × latency (every run has 3 children, each in its first model call),
 * `children-last` = 3.5 × latency (the 3 children in their last call, after 2 tool turns each),
 * `final` = 4.5 × latency (the root's final call: the children ended, their events were emitted).
 */
import { Session } from "node:inspector";
import { parseArgs } from "node:util";
import { liveBytesBySite, type SamplingNode } from "../lib/heap-sites";
import { handoffScenario } from "../lib/scripts";
import { loadRuntime } from "../runtimes";
import { isAvailable, type RuntimeId } from "../runtimes/types";

/** When to look (× latency) and how many model calls each run has started by then. */
const PHASES = {
  parent: { at: 0.5, calls: 1 },
  children: { at: 1.5, calls: 4 },
  "children-last": { at: 3.5, calls: 10 },
  final: { at: 4.5, calls: 11 },
} as const;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runtime: { type: "string", default: "ours" },
      runs: { type: "string", default: "1000" },
      latency: { type: "string", default: "2000" },
      phase: { type: "string", default: "children" },
      sites: { type: "boolean", default: false },
    },
  });
  if (!(globalThis as { gc?: unknown }).gc) throw new Error("run with node --expose-gc");
  const runs = Number(values.runs);
  const latencyMs = Number(values.latency);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  if (!(latencyMs >= 50)) throw new Error(`--latency must be ≥ 50 ms, got ${values.latency}`);
  const phase = values.phase as keyof typeof PHASES;
  if (!Object.hasOwn(PHASES, phase))
    throw new Error(`--phase must be one of ${Object.keys(PHASES).join(", ")}, got ${values.phase}`);
  const { at, calls: callsPerRun } = PHASES[phase];

  const runtime = await loadRuntime(values.runtime as RuntimeId);
  if (!isAvailable(runtime)) throw new Error(`unavailable: ${runtime.unavailable}`);
  const warm = await runtime.prepare(handoffScenario(), { latencyMs: 0 });
  for (let i = 0; i < 300; i++) await warm.run();
  const scenario = await runtime.prepare(handoffScenario(), { latencyMs });
  await scenario.run();

  let session: Session | null = null;
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session!.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))),
    );
  if (values.sites) {
    session = new Session();
    session.connect();
    await post("HeapProfiler.enable");
    await post("HeapProfiler.startSampling", { samplingInterval: 1024 });
  }

  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const callsBefore = runtime.counters.modelCalls;
  const all = Promise.all(Array.from({ length: runs }, () => scenario.run()));
  await sleep(latencyMs * at);
  gc();
  gc();
  const during = process.memoryUsage().heapUsed;
  // Every run parked where expected? (model calls started per run by then: see PHASES.)
  const calls = runtime.counters.modelCalls - callsBefore;
  const expectedCalls = runs * callsPerRun;
  const profile = session
    ? (await post<{ profile: { head: SamplingNode } }>("HeapProfiler.getSamplingProfile")).profile
    : null;
  await all;
  const perRun = (during - before) / runs;
  console.log(
    `${runtime.label} × ${runs}, ${phase} phase (latency ${latencyMs} ms): ` +
      `retained ${((during - before) / 2 ** 20).toFixed(1)} MB = ${(perRun / 1024).toFixed(1)} KB per pending run` +
      (calls === expectedCalls
        ? ""
        : ` (NOT SETTLED: ${calls} model calls in flight, expected ${expectedCalls}; raise --latency)`),
  );

  if (profile) {
    const bySite = liveBytesBySite(profile.head);
    const total = [...bySite.values()].reduce((a, b) => a + b, 0);
    console.log(
      `sampled live ${(total / 2 ** 20).toFixed(1)} MB (${(total / runs / 1024).toFixed(1)} KB per run), top sites:`,
    );
    for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${((bytes / runs / 1024).toFixed(2) + " KB").padStart(10)}  ${site}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
