/**
 * Scenario 5's run worker in its own process (its peak RSS is the worker's
 * alone): `startRunWorker` on the bench's database, driven over IPC by
 * `server-runs.ts`:
 *   → { type: "ready", workerId }                 once it takes jobs
 *   ← { type: "reset" }  → { type: "reset" }       peak RSS (VmHWM) and CPU counters restart
 *   ← { type: "report" } → { type: "report", … }   peak RSS, CPU since the reset
 *   ← { type: "stop" }                             graceful stop, then exit
 *
 *   node bench/workers/server-worker.ts --database <url> --concurrency 1000
 */
import { parseArgs } from "node:util";
import { startRunWorker } from "../../src/server/runs/worker";
import { mainThreadCpuMs, peakRss, resetPeakRss } from "../lib/memory";

export interface ServerWorkerReport {
  type: "report";
  peakRssBytes: number | null;
  rssBytes: number;
  cpuMs: number;
  mainThreadCpuMs: number | null;
  heapUsedBytes: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: "string" },
      concurrency: { type: "string", default: "10" },
    },
  });
  if (!values.database || !process.send) throw new Error("server-worker: --database and an IPC channel are required");
  const send = (message: object) => process.send!(message);
  const worker = await startRunWorker({
    connectionString: values.database,
    concurrency: Number(values.concurrency),
    env: {},
    logger: {
      info: () => {},
      warn: (message) => console.error(`[worker] ${message}`),
      error: (message) => console.error(`[worker] ${message}`),
    },
  });
  let cpu0 = process.cpuUsage();
  let main0 = mainThreadCpuMs();
  process.on("message", (message: { type: string }) => {
    switch (message.type) {
      case "reset":
        (globalThis as { gc?: () => void }).gc?.();
        resetPeakRss();
        cpu0 = process.cpuUsage();
        main0 = mainThreadCpuMs();
        send({ type: "reset" });
        break;
      case "report": {
        const cpu = process.cpuUsage(cpu0);
        const main1 = mainThreadCpuMs();
        const report: ServerWorkerReport = {
          type: "report",
          peakRssBytes: peakRss(),
          rssBytes: process.memoryUsage.rss(),
          cpuMs: (cpu.user + cpu.system) / 1000,
          mainThreadCpuMs: main0 !== null && main1 !== null ? main1 - main0 : null,
          heapUsedBytes: process.memoryUsage().heapUsed,
        };
        send(report);
        break;
      }
      case "stop":
        void worker.stop().finally(() => process.exit(0));
        break;
    }
  });
  // The orchestrator gone (crash, kill): do not outlive it.
  process.on("disconnect", () => void worker.stop().finally(() => process.exit(0)));
  send({ type: "ready", workerId: worker.workerId });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
