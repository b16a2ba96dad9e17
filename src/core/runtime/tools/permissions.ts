/** Deny rules are exact tool names or globs with `*` (SPEC §3, seed 002 permission inheritance). */
const cache = new Map<string, RegExp>();

export function matchesDenyRule(rule: string, toolName: string): boolean {
  if (!rule.includes("*")) return rule === toolName;
  let regex = cache.get(rule);
  if (!regex) {
    regex = new RegExp(`^${rule.split("*").map(escapeRegExp).join(".*")}$`);
    cache.set(rule, regex);
  }
  return regex.test(toolName);
}

export function isDeniedByRules(rules: readonly string[], toolName: string): boolean {
  for (const rule of rules) if (matchesDenyRule(rule, toolName)) return true;
  return false;
}

/** The message the executor answers for a call the agent may not make (SPEC §5.8). */
export function notAllowedMessage(toolName: string, agentId: string): string {
  return `tool ${toolName} is not allowed for agent ${agentId}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
