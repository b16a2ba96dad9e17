import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic } from "../../diagnostics/diagnostics";
import type { GraphIndex } from "../graph-index";
import { findCycles } from "../graph-walk";

/**
 * Delegation cycles are errors whether or not depth limits would stop them at
 * run time: a drawing with `a → b → a` is almost always a mistake. One
 * diagnostic per group of agents that reach each other, naming one cycle.
 */
export function checkCycles(index: GraphIndex): Diagnostic[] {
  return findCycles(index).map((cycle) => {
    const path = [...cycle.agents, cycle.agents[0]].join(" → ");
    const more =
      cycle.group.length > cycle.agents.length
        ? ` (${cycle.group.length} agents delegate to each other here: ${cycle.group.join(", ")})`
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
