/**
 * Tool names for handoffs, exactly as AI4J's StaticSubAgentRegistry derives
 * them (seed 000 §5.1), so graphs drawn here name tools the way the seed does.
 */

/** Providers accept tool names of at most this many characters (OpenAI's limit). */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Prefix of a derived handoff tool name. */
export const HANDOFF_TOOL_PREFIX = "subagent_";

/**
 * Seed 000 §5.1 normalisation, in its order: lowercase; every character
 * outside `[a-z0-9_]` becomes `_` (so non-ASCII letters do too); runs of `_`
 * collapse; leading/trailing `_` are trimmed; a result starting with a digit
 * gets `agent_` in front. May return `""` (e.g. for `"!!!"` or `"研究员"`).
 */
export function normalizeToolName(name: string): string {
  const normalized = name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  return /^[0-9]/.test(normalized) ? `agent_${normalized}` : normalized;
}

/**
 * The default tool name of a handoff to a child: `subagent_<normalized name>`.
 * The digit rule belongs to the normalised name, so "3D Artist" gives
 * `subagent_agent_3d_artist` (as in the seed). When the name normalises to
 * nothing ("研究员", "!!!") the child's id is used instead, and when that is
 * empty too, `subagent_agent`.
 */
export function defaultHandoffToolName(childName: string, childId = ""): string {
  const base = normalizeToolName(childName) || normalizeToolName(childId) || "agent";
  return `${HANDOFF_TOOL_PREFIX}${base}`;
}
