/**
 * Traces: the pure fold from a run's event stream to its span tree (run >
 * agents > model calls / tool calls > handoffs > child agents and tasks), with
 * per-span usage, cost, attempts, status and rolled-up totals. The CLI's
 * `run --pretty` renders from it; the server, playground and trace views read the same tree.
 */
export { buildTrace, createTrace, reduceTrace } from "./reduce-trace";
export { PromptRebuildError, rebuildPrompt, type PromptLink } from "./rebuild-prompt";
export { EMPTY_TOTALS } from "./totals";
export { childrenOf, promptOf, rootSpan, walkTrace } from "./trace-queries";
export type {
  TraceSpan,
  TraceSpanKind,
  TraceSpanOfKind,
  TraceSpanStatus,
  TraceState,
  TraceTotals,
} from "./trace-types";
export { verifyTrace } from "./verify-trace";
