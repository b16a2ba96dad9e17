import { sumTotals } from "./totals";
import { childrenOf, rootSpan } from "./trace-queries";
import type { TraceSpan, TraceState, TraceTotals } from "./trace-types";

/** Relative tolerance for sums of USD amounts added in different orders. */
const COST_EPSILON = 1e-9;

/**
 * Checks that a finished trace is a well-formed tree: the stream had no
 * anomalies, every span is closed, every parent exists, every child lies in
 * its parent's time window (a background child's in its owning agent's: it
 * outlives its handoff, not its owner), each span's totals are its own model
 * call plus its children's, and the run's totals equal what RUN_END reports.
 * Returns the problems found (empty when well formed).
 */
export function verifyTrace(trace: TraceState): string[] {
  const problems = [...trace.problems];
  const root = rootSpan(trace);
  if (!root) return [...problems, "no RUN_START"];
  if (!trace.finished) problems.push("no RUN_END");
  let reached = 0;
  const stack: TraceSpan[] = [root];
  while (stack.length > 0) {
    const span = stack.pop()!;
    reached++;
    if (span.end === null) problems.push(`${describe(span)} was never closed`);
    const children = childrenOf(trace, span);
    if (children.length !== span.children.length)
      problems.push(`${describe(span)} lists a child that is not in the trace`);
    for (const child of children) {
      if (child.parentId !== span.id) problems.push(`${describe(child)} is listed under ${span.id}`);
      const window = windowOf(trace, span, child);
      if (child.startedAt < window.startedAt) problems.push(`${describe(child)} starts before ${describe(span)}`);
      if (child.endedAt !== null && window.endedAt !== null && child.endedAt > window.endedAt)
        problems.push(`${describe(child)} ends after ${describe(window.span)}`);
      stack.push(child);
    }
    const own = span.kind === "MODEL_CALL" ? ownTotals(span) : [];
    const expected = sumTotals([...own, ...children.map((child) => child.totals)]);
    if (!sameTotals(span.totals, expected)) problems.push(`${describe(span)}: totals are not the sum of its parts`);
  }
  if (reached !== trace.spans.size)
    problems.push(`${trace.spans.size - reached} span(s) are not reachable from the run`);
  if (root.kind === "RUN" && root.end) {
    const totals = root.totals;
    const end = root.end;
    if (
      totals.usage.inputTokens !== end.usage.inputTokens ||
      totals.usage.outputTokens !== end.usage.outputTokens ||
      totals.usage.cachedInputTokens !== end.usage.cachedInputTokens
    )
      problems.push(`run usage ${JSON.stringify(totals.usage)} differs from RUN_END's ${JSON.stringify(end.usage)}`);
    if (!closeEnough(totals.pricedCostUsd, end.costUsd))
      problems.push(`run cost ${totals.pricedCostUsd} differs from RUN_END's ${end.costUsd}`);
    if (totals.steps !== end.steps) problems.push(`run steps ${totals.steps} differ from RUN_END's ${end.steps}`);
  }
  return problems;
}

/** The window a child must lie in: its parent's, or for a background child of a handoff, its owning agent's. */
function windowOf(trace: TraceState, parent: TraceSpan, child: TraceSpan) {
  const detached =
    parent.kind === "HANDOFF" &&
    (parent.status === "accepted" || parent.status === "promoted") &&
    child.kind !== "TASK";
  const detachedTask = parent.kind === "HANDOFF" && child.kind === "TASK";
  let span = parent;
  if (detached || detachedTask) {
    let up: TraceSpan | undefined = parent;
    while (up && up.kind !== "AGENT") up = up.parentId === null ? undefined : trace.spans.get(up.parentId);
    if (up) span = up;
  }
  return { span, startedAt: parent.startedAt, endedAt: span.endedAt };
}

function ownTotals(span: TraceSpan): TraceTotals[] {
  const steps = span.start.type === "MODEL_CALL_START" && span.start.chainIndex === 0 && span.start.attempt === 1;
  const priced = span.costUsd !== null;
  return [
    {
      usage: span.usage ?? { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
      costUsd: priced ? span.costUsd : null,
      pricedCostUsd: span.costUsd ?? 0,
      unpricedCalls: span.end !== null && !priced ? 1 : 0,
      modelCalls: 1,
      steps: steps ? 1 : 0,
    },
  ];
}

function sameTotals(a: TraceTotals, b: TraceTotals): boolean {
  return (
    a.usage.inputTokens === b.usage.inputTokens &&
    a.usage.outputTokens === b.usage.outputTokens &&
    a.usage.cachedInputTokens === b.usage.cachedInputTokens &&
    closeEnough(a.pricedCostUsd, b.pricedCostUsd) &&
    a.unpricedCalls === b.unpricedCalls &&
    (a.costUsd === null) === (b.costUsd === null) &&
    a.modelCalls === b.modelCalls &&
    a.steps === b.steps
  );
}

function closeEnough(a: number, b: number): boolean {
  return Math.abs(a - b) <= COST_EPSILON * Math.max(1, Math.abs(a), Math.abs(b));
}

function describe(span: TraceSpan): string {
  return `${span.kind} span ${span.id} (${span.name})`;
}
