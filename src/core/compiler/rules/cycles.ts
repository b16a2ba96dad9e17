import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic } from "../../diagnostics/diagnostics";
import type { GraphIndex } from "../graph-index";
import { findCycles } from "../graph-walk";
import { formatCount } from "../../graph/json-text";

/** Agents named at each end of a long cycle; the ones between are counted, so a 5,000-agent ring stays one short line. */
const SHOWN_AT_EACH_END = 4;

/**
 * Delegation cycles are errors whether or not depth limits would stop them at
 * run time: a drawing with `a → b → a` is almost always a mistake. One
 * diagnostic per group of agents that reach each other, naming one cycle.
 */
export function checkCycles(index: GraphIndex): Diagnostic[] {
  return findCycles(index).map((cycle) => {
    const path = abridge([...cycle.agents, cycle.agents[0]], " → ");
    const more =
      cycle.group.length > cycle.agents.length
        ? ` (${formatCount(cycle.group.length)} agents delegate to each other here: ${abridge(cycle.group, ", ")})`
        : "";
    return diagnostic(
      "cycle",
      `handoff cycle: ${path}${more}; agents may not delegate back to an ancestor — remove one of these edges (a self-handoff with generalPurpose: true is the only allowed loop)`,
      {
        nodeIds: cycle.agents,
        edgeIds: cycle.edges,
      },
    );
  });
}

/** `a → b → c → d → … 4,992 more … → w → x → y → a`: the first and last agents with the count between. */
function abridge(ids: readonly string[], separator: string): string {
  if (ids.length <= SHOWN_AT_EACH_END * 2 + 1) return ids.join(separator);
  const between = ids.length - SHOWN_AT_EACH_END * 2;
  return [
    ...ids.slice(0, SHOWN_AT_EACH_END),
    `… ${formatCount(between)} more …`,
    ...ids.slice(-SHOWN_AT_EACH_END),
  ].join(separator);
}
