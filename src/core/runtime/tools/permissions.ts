import { globMatches } from "../../tools/glob-match";

/** Deny rules are exact tool names or globs with `*` (SPEC §3, seed 002 permission inheritance); globs match in at most rule × name steps. */
export function matchesDenyRule(rule: string, toolName: string): boolean {
  return rule.includes("*") ? globMatches(rule, toolName) : rule === toolName;
}

export function isDeniedByRules(rules: readonly string[], toolName: string): boolean {
  for (const rule of rules) if (matchesDenyRule(rule, toolName)) return true;
  return false;
}

/** The message the executor answers for a call the agent may not make (SPEC §5.8). */
export function notAllowedMessage(toolName: string, agentId: string): string {
  return `tool ${toolName} is not allowed for agent ${agentId}`;
}
