import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import researchTeam from "../../../../examples/research-team.json";
import reviewerSession from "../../../../examples/reviewer-session.json";
import supportTriage from "../../../../examples/support-triage.json";
import type { RuntimeEvent } from "@/core/runtime";
import { setupTestDatabase } from "@/server/db/test-db";
import { RUN_EVENTS_CHANNEL } from "../contract";
import { createRunEventWriter, type RunEventWriteFailure } from "./run-event-writer";
import { PgFileWorkspace } from "./pg-file-workspace";
import { PgSessionStore } from "./pg-session-store";
import { deriveSpanRows } from "./span-rows";
import {
  createConversation,
  createRunRow,
  createWorkspaceGraph,
  definitionOf,
  runPersisted,
  storedEvents,
} from "./testing/run-fixtures";

const db = setupTestDatabase();
let pool: pg.Pool;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: db.connectionString, max: 8 });
  pool.on("error", () => {});
});
afterAll(async () => {
  await pool.end();
});

const examples = [researchTeam, supportTriage, reviewerSession].map((document) => ({
  name: document.name,
  definition: definitionOf(document),
}));

describe("RunEventWriter", () => {
  it("stores exactly what 50 concurrent runs emit, with spans, tasks, run rows and a NOTIFY per batch", async () => {
    const graph = await createWorkspaceGraph(pool);
    const listener = new pg.Client({ connectionString: db.connectionString });
    await listener.connect();
    const notified = new Map<string, number[]>();
    const visible: Promise<boolean>[] = [];
    listener.on("notification", (message) => {
      const [runId, seq] = message.payload!.split(":");
      notified.set(runId, [...(notified.get(runId) ?? []), Number(seq)]);
      // Sent at commit: whoever hears it can already read every event up to that seq.
      visible.push(
        pool
          .query<{ n: number }>("SELECT count(*)::int AS n FROM run_events WHERE run_id = $1 AND seq <= $2", [
            runId,
            Number(seq),
          ])
          .then(({ rows }) => rows[0].n === Number(seq) + 1),
      );
    });
    await listener.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    const failures: RunEventWriteFailure[] = [];
    const writer = createRunEventWriter(pool, { onError: (failure) => failures.push(failure) });
    try {
      const runs = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const example = examples[i % examples.length];
          const conversationId = await createConversation(pool, graph);
          const runId = await createRunRow(pool, graph, conversationId, `question ${i}`);
          const run = await runPersisted({
            definition: example.definition,
            pool,
            writer,
            runId,
            conversationId,
            input: `question ${i}`,
            time: "system",
          });
          await writer.flush(runId);
          return run;
        }),
      );
      await writer.close();
      expect(failures).toEqual([]);

      for (const run of runs) {
        expect(run.result.status).toBe("completed");
        expect(await storedEvents(pool, run.runId)).toEqual(run.emitted);
        const end = run.emitted.at(-1) as Extract<RuntimeEvent, { type: "RUN_END" }>;
        const { rows } = await pool.query(
          `SELECT status, output, error, event_count, input_tokens, output_tokens, cost_usd, steps, duration_millis,
             handoffs, failed_handoffs, unpriced_calls, ended_at
           FROM runs WHERE id = $1`,
          [run.runId],
        );
        expect(rows[0]).toEqual({
          status: end.status,
          output: end.output,
          error: end.error,
          event_count: run.emitted.length,
          input_tokens: end.usage.inputTokens,
          output_tokens: end.usage.outputTokens,
          cost_usd: end.costUsd,
          steps: end.steps,
          duration_millis: Math.round(end.durationMillis),
          handoffs: run.emitted.filter((event) => event.type === "HANDOFF_START").length,
          failed_handoffs: 0,
          unpriced_calls: 0,
          ended_at: new Date(end.timestamp),
        });
        // The stored spans are the rows derived from the emitted events, column for column.
        const spans = await pool.query<Record<string, unknown>>(
          `SELECT run_id AS "runId", span_id AS "spanId", parent_span_id AS "parentSpanId", kind, name, source,
             agent_id AS "agentId", status, started_at AS "startedAt", ended_at AS "endedAt",
             duration_millis AS "durationMillis", attempts, error, provider, model, chain_index AS "chainIndex",
             input_tokens AS "inputTokens", output_tokens AS "outputTokens",
             cached_input_tokens AS "cachedInputTokens", cost_usd AS "costUsd", edge, edge_path AS "edgePath", details
           FROM run_spans WHERE run_id = $1`,
          [run.runId],
        );
        const stored = new Map(
          spans.rows.map((row) => [
            row.spanId,
            {
              ...row,
              startedAt: (row.startedAt as Date).getTime(),
              endedAt: (row.endedAt as Date | null)?.getTime() ?? null,
            },
          ]),
        );
        const derived = deriveSpanRows(run.emitted);
        expect(derived.map((row) => stored.get(row.spanId))).toEqual(derived);
        expect(stored.size).toBe(new Set(run.emitted.map((event) => event.spanId)).size);
        expect(derived.filter((span) => span.status === "running")).toEqual([]);
        // Every batch announced, the last one with the RUN_END's seq.
        const seqs = notified.get(run.runId) ?? [];
        expect(seqs.at(-1)).toBe(end.seq);
        expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      }
      expect((await Promise.all(visible)).every(Boolean)).toBe(true);
      const tasks = await pool.query(
        "SELECT agent_id, owner_agent_id, status, output FROM background_tasks WHERE run_id = ANY($1)",
        [runs.map((run) => run.runId)],
      );
      // Support triage (every third run) sends billing to the background.
      expect(tasks.rows).toHaveLength(runs.filter((_, i) => i % 3 === 1).length);
      expect(tasks.rows[0]).toEqual({
        agent_id: "billing",
        owner_agent_id: "triage",
        status: "COMPLETED",
        output: "Duplicate charge confirmed; a refund of 39.98 USD has been issued.",
      });
    } finally {
      await listener.end();
    }
  });

  it("deletes a run's events with the run, also when its graph goes (run_events has a trigger, not a foreign key)", async () => {
    const graph = await createWorkspaceGraph(pool);
    const conversationId = await createConversation(pool, graph);
    const writer = createRunEventWriter(pool);
    const runIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const runId = await createRunRow(pool, graph, conversationId, "Is remote work here to stay?");
      await runPersisted({ definition: examples[0].definition, pool, writer, runId, conversationId, input: "Hi" });
      runIds.push(runId);
    }
    await writer.close();
    const count = async (ids: string[]) =>
      (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM run_events WHERE run_id = ANY($1)", [ids]))
        .rows[0].n;
    expect(await count(runIds.slice(1))).toBeGreaterThan(0);

    await pool.query("DELETE FROM runs WHERE id = $1", [runIds[0]]);
    expect(await count(runIds.slice(0, 1))).toBe(0);
    const left = await count(runIds.slice(1));
    expect(left).toBeGreaterThan(0);

    await pool.query("DELETE FROM graphs WHERE id = $1", [graph.graphId]); // Cascades to conversations and runs.
    expect(await count(runIds)).toBe(0);
  });
});

describe("PgSessionStore and PgFileWorkspace", () => {
  it("a second turn of a conversation continues the reviewer's reused session and the files, from Postgres", async () => {
    const graph = await createWorkspaceGraph(pool, "Reviewer");
    const definition = definitionOf(reviewerSession);
    const conversationId = await createConversation(pool, graph);
    const writer = createRunEventWriter(pool);
    const turn = async (input: string) => {
      const runId = await createRunRow(pool, graph, conversationId, input);
      const run = await runPersisted({ definition, pool, writer, runId, conversationId, input });
      await writer.flush(runId);
      expect(await storedEvents(pool, runId)).toEqual(run.emitted);
      return run;
    };
    const reviews = (run: { emitted: RuntimeEvent[] }) =>
      run.emitted.flatMap((event) =>
        event.type === "AGENT_END" && event.agentId === "reviewer" ? [event.output] : [],
      );
    const first = await turn("A short note on agents");
    expect(reviews(first)).toEqual([
      "Review 1: tighten the opening and add an example. Score 3/5. (I have 4 messages in memory.)",
      "Review 2: both suggestions from my first review are addressed. Score 4/5. (I have 8 messages in memory, including my first review.)",
    ]);
    const { rows: sessions } = await pool.query<{ key: string; message_count: number; conversation_id: string }>(
      "SELECT key, message_count, conversation_id FROM agent_sessions WHERE conversation_id = $1 ORDER BY key",
      [conversationId],
    );
    expect(sessions.map((row) => row.key.split(":")[0])).toEqual(["reuse", "root"]);
    const reviewerKey = sessions.find((row) => row.key.startsWith("reuse:"))!;
    const { rows: positions } = await pool.query<{ n: number; max: number }>(
      "SELECT count(*)::int AS n, max(position) AS max FROM session_messages WHERE session_key = $1",
      [reviewerKey.key],
    );
    expect(positions[0]).toEqual({ n: reviewerKey.message_count, max: reviewerKey.message_count - 1 });

    // The second turn's reviewer starts from the stored transcript: it has more in memory than ever before.
    const second = await turn("The same note, shorter");
    const memory = reviews(second).map((text) => Number(/I have (\d+) messages/.exec(text ?? "")?.[1]));
    expect(memory[0]).toBeGreaterThan(8);
    const after = await new PgSessionStore(pool).load(reviewerKey.key);
    expect(after!.messages.length).toBeGreaterThan(reviewerKey.message_count);

    const files = new PgFileWorkspace(pool);
    const workspaces = await pool.query<{ file_workspace: string }>(
      "SELECT DISTINCT file_workspace FROM workspace_files WHERE file_workspace LIKE $1",
      [`${conversationId}:%`],
    );
    expect(workspaces.rows).toHaveLength(1);
    const workspace = workspaces.rows[0].file_workspace;
    expect(await files.list(workspace)).toEqual(["draft.md"]);
    expect(await files.read(workspace, "draft.md")).toBe(
      "# Draft v2\nThe same note, shorter\n(revised after review)\n",
    );
  });

  it("round-trips sessions (append, rewrite when the transcript does not continue) and files (prefix, overwrite)", async () => {
    const store = new PgSessionStore(pool);
    const key = "reuse:not-a-uuid:main:tool:";
    const base = { key, sessionId: "s1", agentId: "a", updatedAt: 1_700_000_000_123 };
    const hi = { role: "user" as const, content: "hi \u0000 there" };
    await store.save({ ...base, messages: [hi] });
    await store.save({ ...base, messages: [hi, { role: "assistant", content: "hello" }] });
    expect(await store.load(key)).toEqual({
      ...base,
      messages: [
        { role: "user", content: "hi \ufffd there" },
        { role: "assistant", content: "hello" },
      ],
    });
    await store.save({ ...base, messages: [{ role: "user", content: "other" }] });
    expect((await store.load(key))!.messages).toEqual([{ role: "user", content: "other" }]);
    expect(await store.load("missing")).toBeNull();

    const files = new PgFileWorkspace(pool);
    await files.write("w1", "notes/b.md", "B");
    await files.write("w1", "notes/a.md", "A");
    await files.write("w1", "top.md", "T");
    await files.write("w1", "top.md", "T2");
    await files.write("w2", "top.md", "other");
    expect(await files.list("w1")).toEqual(["notes/a.md", "notes/b.md", "top.md"]);
    expect(await files.list("w1", "notes/")).toEqual(["notes/a.md", "notes/b.md"]);
    expect(await files.list("w1", "%")).toEqual([]);
    expect(await files.read("w1", "top.md")).toBe("T2");
    expect(await files.read("w3", "top.md")).toBeNull();
  });
});
