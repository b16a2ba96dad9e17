/**
 * What the in-flight runs keep alive: starts N concurrent runs of scenario 2
 * (50 ms model latency), takes V8's sampling heap profile while every run is
 * in its children phase, and prints live bytes by allocating call site.
 *
 *   node --expose-gc --import tsx bench/tools/heap-sample.ts [runtime=ours] [runs=1000] [atMs=180]
 */
import { Session } from "node:inspector";
import { liveBytesBySite, type SamplingNode } from "../lib/heap-sites";
import { handoffScenario } from "../lib/scripts";
import { loadRuntime } from "../runtimes";
import { isAvailable, type RuntimeId } from "../runtimes/types";

async function main(): Promise<void> {
  const [id = "ours", runsArg = "1000", atArg = "180"] = process.argv.slice(2);
  const runtime = await loadRuntime(id as RuntimeId);
  if (!isAvailable(runtime)) throw new Error(`unavailable: ${runtime.unavailable}`);
  const warm = await runtime.prepare(handoffScenario(), { latencyMs: 0 });
  for (let i = 0; i < 200; i++) await warm.run();
  const scenario = await runtime.prepare(handoffScenario(), { latencyMs: 50 });
  (globalThis as { gc?: () => void }).gc?.();

  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))),
    );
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", { samplingInterval: 4096 });
  const before = process.memoryUsage().heapUsed;
  const all = Promise.all(Array.from({ length: Number(runsArg) }, () => scenario.run()));
  await new Promise((resolve) => setTimeout(resolve, Number(atArg)));
  const during = process.memoryUsage().heapUsed;
  const { profile } = await post<{ profile: { head: SamplingNode } }>("HeapProfiler.getSamplingProfile");
  await all;

  const bySite = liveBytesBySite(profile.head);
  const total = [...bySite.values()].reduce((a, b) => a + b, 0);
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1).padStart(6)} MB`;
  console.log(
    `${runtime.label} × ${runsArg} at ${atArg} ms: heapUsed ${mb(before)} → ${mb(during)}; sampled live ${mb(total)}`,
  );
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${mb(bytes)}  ${site}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
