/**
 * A quick measurement of the event writer's throughput (not a test, not the
 * bench): replays the events of scripted example runs into a writer on a
 * throwaway embedded PostgreSQL, as fast as the writer takes them, and prints
 * events/s, and the CPU time of this process and of the pool's PostgreSQL
 * backends. `node --import tsx src/server/runs/persistence/testing/measure-writer.ts [runs] [maxBatch]`
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";

import researchTeam from "../../../../../examples/research-team.json";
import supportTriage from "../../../../../examples/support-triage.json";
import { runGraph, type RuntimeEvent } from "@/core/runtime";
import { createTestPorts } from "@/core/runtime/testing/test-ports";
import { applyMigrations } from "@/server/db/migrations";
import { startTemporaryPostgres } from "@/server/db/temporary-postgres";
import { createRunEventWriter } from "../run-event-writer";
import { createConversation, createWorkspaceGraph, definitionOf } from "./run-fixtures";

async function recordRun(document: unknown): Promise<RuntimeEvent[]> {
  const test = createTestPorts();
  const run = runGraph(definitionOf(document), { input: "Is remote work here to stay?", ports: test.ports });
  const events: RuntimeEvent[] = [];
  for await (const event of run.events) events.push(event);
  return JSON.parse(JSON.stringify(events)) as RuntimeEvent[];
}

async function main() {
  const runs = Number(process.argv[2] ?? 400);
  const maxBatchEvents = process.argv[3] ? Number(process.argv[3]) : undefined;
  const templates = [await recordRun(researchTeam), await recordRun(supportTriage)];
  const server = await startTemporaryPostgres("ags_measure");
  try {
    await applyMigrations(server.connectionString);
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 4 });
    pool.on("error", () => {});
    const graph = await createWorkspaceGraph(pool);
    const conversationId = await createConversation(pool, graph);
    const ids = Array.from({ length: runs }, () => randomUUID());
    await pool.query(
      `INSERT INTO runs (id, workspace_id, graph_id, content_hash, graph_name, conversation_id, input, status)
       SELECT id, $2, $3, 'x', 'x', $4, 'x', 'running' FROM unnest($1::uuid[]) AS id`,
      [ids, graph.workspaceId, graph.graphId, conversationId],
    );
    const streams = ids.map((runId, i) =>
      templates[i % templates.length].map((event) => ({ ...event, runId }) as RuntimeEvent),
    );
    const total = streams.reduce((sum, stream) => sum + stream.length, 0);
    const bytes = streams.reduce((sum, stream) => sum + JSON.stringify(stream).length, 0);
    let batches = 0;
    const writer = createRunEventWriter(pool, { maxBatchEvents, onError: (f) => console.error(f.error) });
    const sinks = ids.map((id) => writer.sinkFor(id));
    const countBatches = new pg.Client({ connectionString: server.connectionString });
    await countBatches.connect();
    countBatches.on("notification", () => batches++);
    await countBatches.query("LISTEN ags_run_events");

    // Warm the pool's connections so their backends exist, then sample their CPU.
    await Promise.all([1, 2, 3, 4].map(() => pool.query("SELECT pg_sleep(0.05)")));
    const pids = (await pool.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")).rows.map(
      (r) => r.pid as number,
    );
    const pgCpu = () =>
      pids.reduce((sum, pid) => {
        try {
          const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
          return sum + Number(f[11]) + Number(f[12]);
        } catch {
          return sum;
        }
      }, 0) * 10;
    const pg0 = pgCpu();
    const node0 = process.cpuUsage();
    const started = performance.now();
    // Interleaved like concurrent runs: one event of each run in turn, yielding to the event loop every 500 events.
    let emitted = 0;
    for (let position = 0; emitted < total; position++) {
      for (let r = 0; r < runs; r++) {
        const event = streams[r][position];
        if (!event) continue;
        sinks[r](event);
        if (++emitted % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const emittedAt = performance.now();
    await writer.flush();
    const elapsed = performance.now() - started;
    const nodeCpu = process.cpuUsage(node0);
    console.log(
      `cpu: node ${((nodeCpu.user + nodeCpu.system) / 1000).toFixed(0)} ms, postgres backends ${pgCpu() - pg0} ms`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM run_events");
    console.log(
      `${runs} runs, ${total} events (${(bytes / total).toFixed(0)} B/event avg JSON), stored ${rows[0].n}: ` +
        `${(total / (elapsed / 1000)).toFixed(0)} events/s (emit ${(emittedAt - started).toFixed(0)} ms, ` +
        `total ${elapsed.toFixed(0)} ms, ${batches} run-batches notified)`,
    );
    await writer.close();
    await countBatches.end();
    await pool.end();
  } finally {
    await server.stop();
  }
}

void main();
