/**
 * A web process's live side for the server benches, in its own process: one
 * `RunEventHub` (one LISTEN connection, reads by seq range after each NOTIFY,
 * as `runs.events` uses it) subscribed to every run it is given, measuring
 * per event the latency from emit (`event.timestamp`, the runtime's wall
 * clock on this machine) to delivery here. Driven over IPC by `server-runs.ts`:
 *   ← { type: "subscribe", runIds }  → { type: "subscribed", count }   all subscriptions attached and caught up
 *   ← { type: "report" }             → { type: "report", … }           latencies of every event delivered so far
 *   ← { type: "reset" }              → { type: "reset" }               forget the latencies (between phases)
 *
 *   node bench/workers/server-subscriber.ts --database <url>
 */
import { parseArgs } from "node:util";
import { RunEventHub } from "../../src/server/runs/live/run-event-hub";

export interface SubscriberReport {
  type: "report";
  events: number;
  runsEnded: number;
  /** Emit → delivered, ms, sorted ascending. */
  latenciesMs: number[];
  /** Date.now() of the last event delivered (the orchestrator's wall clock is the same machine's). */
  lastDeliveredAt: number;
  errors: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { database: { type: "string" } } });
  if (!values.database || !process.send)
    throw new Error("server-subscriber: --database and an IPC channel are required");
  const send = (message: object) => process.send!(message);
  const hub = new RunEventHub({
    connectionString: values.database,
    logger: { warn: (message) => console.error(`[subscriber] ${message}`) },
  });
  let latencies: number[] = [];
  let runsEnded = 0;
  let lastDeliveredAt = 0;
  const errors: string[] = [];

  const follow = async (runId: string) => {
    try {
      for await (const { event } of hub.subscribe(runId, -1)) {
        const now = Date.now();
        latencies.push(now - event.timestamp);
        lastDeliveredAt = now;
        if (event.type === "RUN_END") runsEnded++;
      }
    } catch (error) {
      if (errors.length < 5) errors.push(`${runId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  process.on("message", (message: { type: string; runIds?: string[] }) => {
    switch (message.type) {
      case "subscribe": {
        const runIds = message.runIds ?? [];
        for (const runId of runIds) void follow(runId);
        // Attached once the hub counts them; the first reads (nothing stored yet) are then under way.
        const check = setInterval(() => {
          if (hub.subscriberCount < runIds.length) return;
          clearInterval(check);
          // Let the catch-up reads of the new subscriptions finish before the clock starts.
          setTimeout(() => send({ type: "subscribed", count: hub.subscriberCount }), 500);
        }, 20);
        break;
      }
      case "reset":
        latencies = [];
        runsEnded = 0;
        send({ type: "reset" });
        break;
      case "report": {
        const report: SubscriberReport = {
          type: "report",
          events: latencies.length,
          runsEnded,
          latenciesMs: [...latencies].sort((a, b) => a - b),
          lastDeliveredAt,
          errors,
        };
        send(report);
        break;
      }
    }
  });
  process.on("disconnect", () => void hub.close().finally(() => process.exit(0)));
  send({ type: "ready" });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
