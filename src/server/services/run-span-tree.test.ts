import { describe, expect, it } from "vitest";

import type { RunSpanRecord } from "@/server/repositories/run-records";
import { buildSpanTree } from "./run-span-tree";

const at = new Date("2026-01-01T00:00:00Z");

function row(
  spanId: string,
  parentSpanId: string | null,
  kind: string,
  extra: Partial<RunSpanRecord> = {},
): RunSpanRecord {
  return {
    spanId,
    parentSpanId,
    kind,
    name: spanId,
    source: null,
    agentId: null,
    status: "completed",
    startedAt: at,
    endedAt: at,
    durationMillis: 1,
    attempts: null,
    error: null,
    provider: null,
    model: null,
    chainIndex: null,
    inputTokens: null,
    outputTokens: null,
    cachedInputTokens: null,
    costUsd: null,
    edge: null,
    edgePath: [],
    details: {},
    ...extra,
  };
}

const call = (spanId: string, parent: string, costUsd: number | null, tokens = 10) =>
  row(spanId, parent, "MODEL_CALL", { inputTokens: tokens, outputTokens: 1, cachedInputTokens: 0, costUsd });

describe("buildSpanTree", () => {
  it("nests spans in start order and rolls totals up every ancestor", () => {
    const [root, ...more] = buildSpanTree([
      row("run", null, "RUN"),
      row("a", "run", "AGENT"),
      call("m1", "a", 0.5),
      row("t", "a", "TOOL_CALL"),
      row("h", "t", "HANDOFF"),
      row("b", "h", "AGENT"),
      call("m2", "b", 0.25, 4),
    ]);
    expect(more).toEqual([]);
    expect(root?.totals).toEqual({
      inputTokens: 14,
      outputTokens: 2,
      cachedInputTokens: 0,
      costUsd: 0.75,
      pricedCostUsd: 0.75,
      unpricedCalls: 0,
      modelCalls: 2,
    });
    const agent = root?.children[0];
    expect(agent?.children.map((child) => child.spanId)).toEqual(["m1", "t"]);
    expect(agent?.children[1]?.totals).toMatchObject({ costUsd: 0.25, modelCalls: 1 });
  });

  it("makes a cost unknown (null) above a call with usage but no price; a failed call without usage is not unpriced", () => {
    const [root] = buildSpanTree([
      row("run", null, "RUN"),
      call("priced", "run", 1),
      call("unpriced", "run", null),
      row("failed", "run", "MODEL_CALL", { status: "failed" }),
    ]);
    expect(root?.totals).toMatchObject({ costUsd: null, pricedCostUsd: 1, unpricedCalls: 1, modelCalls: 3 });
  });

  it("keeps a span whose parent is missing as a root, and handles deep chains without recursion", () => {
    const chain = [row("run", null, "RUN")];
    for (let depth = 1; depth <= 20_000; depth += 1)
      chain.push(row(`s${depth}`, depth === 1 ? "run" : `s${depth - 1}`, "AGENT"));
    chain.push(call("leaf", "s20000", 0.1));
    chain.push(row("orphan", "nowhere", "AGENT"));
    const roots = buildSpanTree(chain);
    expect(roots.map((span) => span.spanId)).toEqual(["run", "orphan"]);
    expect(roots[0]?.totals.costUsd).toBeCloseTo(0.1);
  });
});
