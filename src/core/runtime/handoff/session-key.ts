/**
 * Key of a reused child session: (conversation, parent agent path, tool name,
 * label) — finer than AI4J's tool-name-only key, so two parents or two labels
 * never share memory by accident.
 */
export function reuseSessionKey(input: {
  conversationId: string;
  parentPath: string;
  toolName: string;
  label: string | null;
}): string {
  return `reuse:${encodeURIComponent(input.conversationId)}:${input.parentPath}:${input.toolName}:${encodeURIComponent(input.label ?? "")}`;
}

/** Key of the root agent's conversation session (multi-turn playground memory). */
export function rootSessionKey(conversationId: string, rootAgentId: string): string {
  return `root:${encodeURIComponent(conversationId)}:${rootAgentId}`;
}

/** OpenClaw's child session key format (seed 003 §19.3). */
export function childSessionKey(agentId: string, sessionId: string): string {
  return `agent:${agentId}:subagent:${sessionId}`;
}
