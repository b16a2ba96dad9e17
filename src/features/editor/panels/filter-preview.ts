import type { InputFilter } from "@/core/graph/schema";
import { userRegexProblem } from "@/core/patterns/user-regex";
import { applyInputFilter } from "@/core/runtime/handoff/input-filter";

/** What the child would see for a sample task, or why the filter cannot run. */
export type FilterPreview =
  { ok: true; output: string; changed: boolean } | { ok: false; ruleIndex: number; problem: string };

/** A task a parent might pass, with things a redact rule usually targets. */
export const SAMPLE_TASK =
  "Summarise the complaint from jane.doe@example.com (card 4111 1111 1111 1111, phone +1 555 0100) about order #8812.";

/**
 * Runs the runtime's own input filter (`applyInputFilter`, the function a
 * handoff applies) on `sample`. A redact pattern RE2 cannot compile is
 * reported with its index instead of throwing.
 */
export function previewInputFilter(sample: string, filter: InputFilter | null): FilterPreview {
  if (filter) {
    for (const [ruleIndex, rule] of filter.redact.entries()) {
      const problem = userRegexProblem(rule.pattern, rule.flags);
      if (problem !== null) return { ok: false, ruleIndex, problem };
    }
  }
  const output = applyInputFilter(sample, filter);
  return { ok: true, output, changed: output !== sample };
}
