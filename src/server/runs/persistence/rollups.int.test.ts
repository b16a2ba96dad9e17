import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import researchTeam from "../../../../examples/research-team.json";
import supportTriage from "../../../../examples/support-triage.json";
import type { RuntimeDefinition } from "@/core/compiler/definition";
import type { EventOfType, RuntimeEvent } from "@/core/runtime";
import { call, defineGraph, fail, say, scripted } from "@/core/runtime/testing/define-graph";
import { setupTestDatabase } from "@/server/db/test-db";
import { costsByDay, runRollups, type UsageRollup } from "./rollups";
import { createRunEventWriter } from "./run-event-writer";
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
  pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  pool.on("error", () => {}); // Idle connections closed by the server's stop at the end.
});
afterAll(async () => {
  await pool.end();
});

/**
 * main -> lead -> writer (a 503 retried, then a fallback hop to a second model) and main -> appraiser on a
 * model without a price (usage known, cost unknown), plus a denied handoff.
 */
const unpriced = defineGraph({
  root: "main",
  maxSpawnDepth: 2,
  agents: {
    main: {
      policy: { deniedTools: ["subagent_blocked"] },
      handoffs: [{ to: "lead" }, { to: "appraiser" }, { to: "blocked" }],
      model: [
        scripted([
          call(["subagent_lead", { task: "plan" }], ["subagent_appraiser", { task: "value" }]),
          call(["subagent_blocked", { task: "nope" }]),
          say("done"),
        ]),
      ],
    },
    lead: {
      policy: { maxDepth: 2 },
      handoffs: [{ to: "writer" }],
      model: [scripted([call(["subagent_writer", { task: "write" }]), say("planned")], { model: "gpt-4o" })],
    },
    writer: {
      model: [
        scripted([fail(503), fail(503)], { retries: 1, model: "gpt-4o-mini" }),
        scripted([say("written")], { model: "claude-sonnet-4-5" }),
      ],
    },
    appraiser: { model: [scripted([say("worth it")], { model: "no-such-model" })] },
    blocked: { model: [scripted([say("never")])] },
  },
});

type CallEnd = EventOfType<"MODEL_CALL_END">;

/** The independent side: sums over MODEL_CALL_END events, in JavaScript. */
function sumOf(ends: readonly CallEnd[]): UsageRollup {
  const priced = ends.reduce((sum, end) => sum + (end.costUsd ?? 0), 0);
  const unpricedCalls = ends.filter((end) => end.usage !== null && end.costUsd === null).length;
  return round({
    modelCalls: ends.length,
    inputTokens: ends.reduce((sum, end) => sum + (end.usage?.inputTokens ?? 0), 0),
    outputTokens: ends.reduce((sum, end) => sum + (end.usage?.outputTokens ?? 0), 0),
    cachedInputTokens: ends.reduce((sum, end) => sum + (end.usage?.cachedInputTokens ?? 0), 0),
    costUsd: unpricedCalls > 0 ? null : priced,
    pricedCostUsd: priced,
    unpricedCalls,
  });
}

/** Costs to 1e-12 USD: SQL and JavaScript add in different orders. */
function round<T extends Partial<UsageRollup>>(rollup: T): T {
  const r = (value: number | null | undefined) => (typeof value === "number" ? Math.round(value * 1e12) / 1e12 : value);
  return { ...rollup, costUsd: r(rollup.costUsd), pricedCostUsd: r(rollup.pricedCostUsd) };
}

function groupBy<T>(items: readonly T[], keysOf: (item: T) => string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) for (const key of keysOf(item)) groups.set(key, [...(groups.get(key) ?? []), item]);
  return groups;
}

/** Each call's handoff edges, found by walking the parent spans of the raw events. */
function edgesOf(events: readonly RuntimeEvent[], end: CallEnd): string[] {
  const starts = new Map(
    events
      .filter((event) => event.type.endsWith("_START") || event.type === "TASK_ACCEPTED")
      .map((event) => [event.spanId, event]),
  );
  const edges = new Set<string>();
  for (let span = starts.get(end.spanId); span; span = span.parentSpanId ? starts.get(span.parentSpanId) : undefined) {
    if (span.type === "HANDOFF_START") edges.add(`${span.parentAgentId}/${span.tool}->${span.subagent}`);
  }
  return [...edges];
}

async function persist(
  definition: RuntimeDefinition,
  graph: { workspaceId: string; graphId: string },
  createdAt: Date,
) {
  const writer = createRunEventWriter(pool);
  const conversationId = await createConversation(pool, graph);
  const runId = await createRunRow(pool, graph, conversationId, "go", createdAt);
  await runPersisted({ definition, pool, writer, runId, conversationId, input: "go" });
  await writer.close();
  return { runId, events: await storedEvents(pool, runId) };
}

describe("rollups", () => {
  it("per agent, model and handoff edge (whole subtree, every retry and fallback hop priced) equal sums over the stored MODEL_CALL_END events", async () => {
    const graph = await createWorkspaceGraph(pool);
    const runs = [
      await persist(definitionOf(supportTriage), graph, new Date()),
      await persist(definitionOf(researchTeam), graph, new Date()),
      await persist(unpriced, graph, new Date()),
    ];
    for (const { runId, events } of runs) {
      const ends = events.filter((event): event is CallEnd => event.type === "MODEL_CALL_END");
      const rollups = await runRollups(pool, runId);
      expect(round(rollups.total)).toEqual(sumOf(ends));
      const byAgent = groupBy(ends, (end) => [end.agentId]);
      expect(rollups.byAgent.map(round)).toEqual(
        [...byAgent].sort(([a], [b]) => a.localeCompare(b)).map(([agentId, group]) => ({ agentId, ...sumOf(group) })),
      );
      const byModel = groupBy(ends, (end) => [`${end.provider}\u0000${end.model}`]);
      expect(rollups.byModel.map(round)).toEqual(
        [...byModel]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, group]) => {
            const [provider, model] = key.split("\u0000");
            return { provider, model, ...sumOf(group) };
          }),
      );
      const handoffs = events.filter((event): event is EventOfType<"HANDOFF_START"> => event.type === "HANDOFF_START");
      const byEdge = groupBy(ends, (end) => edgesOf(events, end));
      const edges = [...new Set(handoffs.map((h) => `${h.parentAgentId}/${h.tool}->${h.subagent}`))].sort();
      expect(rollups.byEdge.map(round)).toEqual(
        edges.map((edge) => ({
          edge,
          handoffs: handoffs.filter((h) => `${h.parentAgentId}/${h.tool}->${h.subagent}` === edge).length,
          ...sumOf(byEdge.get(edge) ?? []),
        })),
      );
    }

    // The fallback graph: failed hops are there (counted, priced at 0: no usage), the successful hop is priced.
    const triage = await runRollups(pool, runs[0].runId);
    expect(triage.byModel.map((m) => [m.model, m.modelCalls > 0, m.costUsd !== null])).toContainEqual([
      "claude-sonnet-4-5",
      true,
      true,
    ]);
    // The unknown price: unknown (null), never 0, all the way up — but only where that call is.
    const mixed = await runRollups(pool, runs[2].runId);
    expect(mixed.total.costUsd).toBeNull();
    expect(mixed.total.unpricedCalls).toBe(1);
    expect(mixed.total.pricedCostUsd).toBeGreaterThan(0);
    expect(mixed.byAgent.find((a) => a.agentId === "appraiser")!.costUsd).toBeNull();
    expect(mixed.byAgent.find((a) => a.agentId === "writer")!.costUsd).toBeGreaterThan(0);
    expect(mixed.byAgent.find((a) => a.agentId === "writer")!.modelCalls).toBe(3);
    expect(mixed.byEdge.find((e) => e.edge === "main/subagent_lead->lead")).toMatchObject({ modelCalls: 5 });
    expect(mixed.byEdge.find((e) => e.edge === "main/subagent_blocked->blocked")).toMatchObject({
      handoffs: 1,
      modelCalls: 0,
      costUsd: 0,
    });
    const { rows } = await pool.query("SELECT handoffs, failed_handoffs, unpriced_calls FROM runs WHERE id = $1", [
      runs[2].runId,
    ]);
    expect(rows[0]).toEqual({ handoffs: 4, failed_handoffs: 1, unpriced_calls: 1 });
  });

  it("per graph per day equals sums over the MODEL_CALL_END events of that graph's runs that day", async () => {
    const priced = await createWorkspaceGraph(pool, "Priced");
    const other = await pool.query<{ id: string }>(
      `INSERT INTO graphs (id, workspace_id, name, draft, updated_at) VALUES (gen_random_uuid(), $1, 'Mixed', '{}', now())
       RETURNING id`,
      [priced.workspaceId],
    );
    const mixed = { workspaceId: priced.workspaceId, graphId: other.rows[0].id };
    const day1 = new Date("2026-01-05T10:00:00Z");
    const day2 = new Date("2026-01-06T23:59:00Z");
    const runs = [
      { graph: priced, day: "2026-01-05", ...(await persist(definitionOf(supportTriage), priced, day1)) },
      { graph: priced, day: "2026-01-05", ...(await persist(definitionOf(researchTeam), priced, day1)) },
      { graph: priced, day: "2026-01-06", ...(await persist(definitionOf(researchTeam), priced, day2)) },
      { graph: mixed, day: "2026-01-06", ...(await persist(unpriced, mixed, day2)) },
      // Outside the range: not counted.
      {
        graph: priced,
        day: "2026-01-07",
        ...(await persist(definitionOf(researchTeam), priced, new Date("2026-01-07T00:00:00Z"))),
      },
    ];
    const rollups = await costsByDay(pool, {
      workspaceId: priced.workspaceId,
      from: new Date("2026-01-05T00:00:00Z"),
      to: new Date("2026-01-07T00:00:00Z"),
    });
    const groups = groupBy(
      runs.filter((run) => run.day !== "2026-01-07"),
      (run) => [`${run.day}|${run.graph.graphId}`],
    );
    const expected = [...groups].map(([key, group]) => {
      const [day, graphId] = key.split("|");
      const ends = group.flatMap((run) =>
        run.events.filter((event): event is CallEnd => event.type === "MODEL_CALL_END"),
      );
      const steps = group.reduce((sum, run) => sum + (run.events.at(-1) as EventOfType<"RUN_END">).steps, 0);
      return {
        day,
        graphId,
        graphName: graphId === mixed.graphId ? "Mixed" : "Priced",
        runs: group.length,
        steps,
        ...sumOf(ends),
      };
    });
    const order = (a: { day: string; graphName: string }, b: { day: string; graphName: string }) =>
      a.day === b.day ? a.graphName.localeCompare(b.graphName) : a.day.localeCompare(b.day);
    expect(rollups.map(round)).toEqual(expected.sort(order));
    expect(rollups.find((row) => row.graphName === "Mixed")!.costUsd).toBeNull();

    const onlyMixed = await costsByDay(pool, {
      workspaceId: priced.workspaceId,
      from: new Date("2026-01-01T00:00:00Z"),
      to: new Date("2026-02-01T00:00:00Z"),
      graphId: mixed.graphId,
    });
    expect(onlyMixed.map((row) => row.graphId)).toEqual([mixed.graphId]);
  });
});
