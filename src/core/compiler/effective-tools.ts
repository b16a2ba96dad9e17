import type { CompiledEdge } from "./analysis";
import type { AgentNode } from "../graph/schema";
import { topologicalOrder } from "./graph-walk";
import { denyMatcher } from "../tools/glob-match";

export { denyMatcher };

/**
 * Deny rules in force for every reachable agent: its own, plus — unless it
 * sets `inheritParentPermissions: false` — those in force for each parent that
 * delegates to it through a compiled edge (seed 002: a parent's DENY rules
 * pass to its children). A child reached from several parents gets the union,
 * the safe choice since one definition serves every caller. Sorted and unique.
 */
export function denyRulesInForce(
  agents: readonly AgentNode[],
  compiled: readonly CompiledEdge[],
): Map<string, string[]> {
  const parentsOf = new Map<string, string[]>();
  for (const { parent, child } of compiled) {
    if (parent.id === child.id) continue;
    const list = parentsOf.get(child.id);
    if (list) list.push(parent.id);
    else parentsOf.set(child.id, [parent.id]);
  }
  const byId = new Map(agents.map((a) => [a.id, a]));
  const order = topologicalOrder(
    agents.map((a) => a.id),
    compiled.map((c) => c.edge),
  );
  const inForce = new Map<string, string[]>();
  for (const id of order) {
    const agent = byId.get(id)!;
    const rules = new Set(agent.denyTools);
    if (agent.inheritParentPermissions) {
      for (const parentId of parentsOf.get(id) ?? []) for (const rule of inForce.get(parentId) ?? []) rules.add(rule);
    }
    inForce.set(id, [...rules].sort());
  }
  return inForce;
}

/** The allow-list without duplicates and without the tools any deny rule matches, in allow-list order. */
export function effectiveTools(allowList: readonly string[], denyRules: readonly string[]): string[] {
  const denied = denyMatcher(denyRules);
  return [...new Set(allowList)].filter((tool) => !denied(tool));
}
