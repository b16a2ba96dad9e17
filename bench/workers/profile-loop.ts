/**
 * Runs one scenario sequentially with a zero-latency model in its own process
 * and CPU-profiles the measured loop: one runtime alone, where `--cpu-prof`
 * profiles the interleaved rounds of every runtime.
 *
 *   node --import tsx bench/workers/profile-loop.ts --runtime ours --scenario handoff --runs 2000 --profile out.cpuprofile
 */
import { parseArgs } from "node:util";
import { emitResult } from "../lib/child-protocol";
import { startProfile } from "../lib/profiler";
import { scenarioByName } from "../lib/scripts";
import { loadRuntime } from "../runtimes";
import { isAvailable } from "../runtimes/types";
import { workerNumber, workerRuntime } from "../lib/worker-args";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runtime: { type: "string", default: "ours" },
      scenario: { type: "string", default: "handoff" },
      runs: { type: "string", default: "2000" },
      profile: { type: "string" },
    },
  });
  const runtime = await loadRuntime(workerRuntime(values.runtime));
  if (!isAvailable(runtime)) throw new Error(`unavailable: ${runtime.unavailable}`);
  const scenario = await runtime.prepare(scenarioByName(values.scenario), { latencyMs: 0 });
  const runs = workerNumber(values.runs, "--runs");
  for (let i = 0; i < Math.min(200, runs); i++) await scenario.run();
  const stop = values.profile ? await startProfile() : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await scenario.run();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (stop && values.profile) await stop(values.profile);
  emitResult({
    ok: true,
    runtime: runtime.id,
    scenario: values.scenario,
    runs,
    msPerRun: ms / runs,
    cpuMsPerRun: (cpu.user + cpu.system) / 1000 / runs,
    profile: values.profile ?? null,
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    emitResult({ ok: false, error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
