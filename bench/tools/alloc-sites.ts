/**
 * Allocated bytes per run by allocation site, garbage included: V8's sampling
 * heap profiler with the objects collected by minor and major GCs kept, over
 * N concurrent runs of scenario 2 with model latency (scenario 3's shape). What
 * a run allocates drives how often the young generation fills; what survives a
 * model wait (see pending-heap.ts) drives what each scavenge copies.
 *
 *   node --expose-gc --import tsx bench/tools/alloc-sites.ts [--runs 1000] [--latency 50] [--top 40]
 */
import { Session } from "node:inspector";
import { parseArgs } from "node:util";
import type { SamplingNode } from "../lib/heap-sites";
import { handoffScenario } from "../lib/scripts";
import { loadRuntime } from "../runtimes";
import { isAvailable, type RuntimeId } from "../runtimes/types";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runtime: { type: "string", default: "ours" },
      runs: { type: "string", default: "1000" },
      latency: { type: "string", default: "50" },
      top: { type: "string", default: "40" },
    },
  });
  const runs = Number(values.runs);
  const latencyMs = Number(values.latency);
  const runtime = await loadRuntime(values.runtime as RuntimeId);
  if (!isAvailable(runtime)) throw new Error(`unavailable: ${runtime.unavailable}`);
  const warm = await runtime.prepare(handoffScenario(), { latencyMs: 0 });
  for (let i = 0; i < 300; i++) await warm.run();
  const scenario = await runtime.prepare(handoffScenario(), { latencyMs });
  await scenario.run();

  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))),
    );
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await Promise.all(Array.from({ length: runs }, () => scenario.run()));
  const { profile } = await post<{ profile: { head: SamplingNode } }>("HeapProfiler.stopSampling");

  const byFunction = new Map<string, number>();
  const walk = (node: SamplingNode) => {
    const f = node.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber + 1}`;
    if (node.selfSize) byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${runtime.label} × ${runs} at ${latencyMs} ms: allocated ~${(total / runs / 1024).toFixed(1)} KB per run`,
  );
  for (const [site, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${((bytes / runs / 1024).toFixed(2) + " KB").padStart(10)}  ${site}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
