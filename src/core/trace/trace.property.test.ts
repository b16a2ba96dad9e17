import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelRef } from "../models/model-ref";
import {
  type TestAgent,
  type TestGraph,
  call,
  defineGraph,
  fail,
  say,
  scripted,
} from "../runtime/testing/define-graph";
import { runToEnd } from "../runtime/testing/run-to-end";
import { createTestPorts } from "../runtime/testing/test-ports";
import { buildTrace } from "./reduce-trace";
import { promptOf } from "./trace-queries";
import { verifyTrace } from "./verify-trace";

/**
 * Any stream the runtime emits reduces to a well-formed tree whose totals equal
 * the sums over its model calls and what RUN_END reports. Random graphs (a DAG
 * of up to four agents, sync and background handoffs, new and reused
 * sessions), random scripts (text, tool calls — handoffs, the calculator,
 * unknown tools —, provider errors with retries and fallbacks, latencies),
 * priced and unpriced models, optional step and wall-time budgets, run on the scripted
 * model in virtual time.
 */

const MAX_AGENTS = 4;
const agentId = (i: number) => `a${i}`;
const toolOf = (i: number) => `subagent_a${i}`;

type Call = [string, Record<string, unknown>];

const turn = (targets: number[]) => {
  const tools: fc.Arbitrary<Call>[] = [
    fc.constant<Call>(["calculator", { expression: "6 * 7" }]),
    fc.constant<Call>(["no_such_tool", {}]),
  ];
  // Handoffs weigh more: they make the deep, concurrent trees worth checking.
  const handoffs = targets.map((t) => ({
    arbitrary: fc.constant<Call>([toolOf(t), { task: `help ${t}` }]),
    weight: 3,
  }));
  return fc.oneof(
    fc
      .record({ text: fc.constantFrom("ok", "done", "fine"), latency: fc.integer({ min: 0, max: 300 }) })
      .map((t) => say(t.text, { latencyMs: t.latency })),
    {
      arbitrary: fc
        .array(fc.oneof(...tools, ...handoffs), { minLength: 1, maxLength: 2 })
        .map((calls) => call(...calls)),
      weight: targets.length > 0 ? 3 : 1,
    },
    fc.constantFrom(503, 429).map((status) => fail(status, "provider down")),
  );
};

const chain = (targets: number[]): fc.Arbitrary<ModelRef[]> =>
  fc
    .record({
      turns: fc.array(turn(targets), { maxLength: 4 }),
      model: fc.constantFrom("gpt-4o-mini", "gpt-4o", "my-local-llama"),
      retries: fc.integer({ min: 0, max: 1 }),
      fallback: fc.boolean(),
    })
    .map(({ turns, model, retries, fallback }) => [
      scripted(turns, { model, retries }),
      ...(fallback ? [scripted([say("from the backup")], { model: "claude-sonnet-4-5" })] : []),
    ]);

const agent = (i: number, count: number): fc.Arbitrary<TestAgent> => {
  const later = Array.from({ length: count - i - 1 }, (_, k) => i + 1 + k);
  return fc
    .record({
      targets: fc.subarray(later),
      background: fc.array(fc.boolean(), { minLength: later.length, maxLength: later.length }),
      reuse: fc.array(fc.boolean(), { minLength: later.length, maxLength: later.length }),
      maxSteps: fc.integer({ min: 1, max: 5 }),
    })
    .chain(({ targets, background, reuse, maxSteps }) =>
      chain(targets).map((model): TestAgent => ({
        model,
        maxSteps,
        tools: ["calculator"],
        handoffs: targets.map((t) => ({
          to: agentId(t),
          sessionMode: reuse[t - i - 1] ? "REUSE_SESSION" : "NEW_SESSION",
          execution: { mode: background[t - i - 1] ? "background" : "sync" },
        })),
      })),
    );
};

const graph: fc.Arbitrary<TestGraph> = fc.integer({ min: 1, max: MAX_AGENTS }).chain((count) =>
  fc
    .record({
      agents: fc.tuple(...Array.from({ length: count }, (_, i) => agent(i, count))),
      parallelToolCalls: fc.boolean(),
      maxSteps: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
      // A wall-time budget stops model calls mid-flight (their spans are closed as aborted).
      maxWallSeconds: fc.option(fc.constantFrom(0.1, 0.25, 0.5), { nil: undefined }),
    })
    .map(({ agents, parallelToolCalls, maxSteps, maxWallSeconds }) => ({
      root: agentId(0),
      agents: Object.fromEntries(agents.map((a, i) => [agentId(i), a])),
      parallelToolCalls,
      budgets: {
        ...(maxSteps === undefined ? {} : { maxSteps }),
        ...(maxWallSeconds === undefined ? {} : { maxWallSeconds }),
      },
    })),
);

describe("span reducer (property)", () => {
  it("any emitted stream reduces to a well-formed tree whose totals match the model calls and RUN_END", async () => {
    await fc.assert(
      fc.asyncProperty(graph, async (spec) => {
        const test = createTestPorts();
        const { events, result } = await runToEnd(defineGraph(spec), test, "start");
        const trace = buildTrace(events);
        expect(verifyTrace(trace)).toEqual([]);
        const root = trace.spans.get(trace.rootId!)!;
        expect(root.totals.steps).toBe(result.steps);
        expect(root.totals.usage).toEqual(result.usage);
        // Every model call's rebuilt prompt is exactly what that call was given.
        const starts = events.filter((e) => e.type === "MODEL_CALL_START");
        expect(starts).toHaveLength(test.requests.length);
        starts.forEach((start, i) => expect(promptOf(trace, start.spanId)).toEqual(test.requests[i].messages));
      }),
      { numRuns: 150 },
    );
  });
});
