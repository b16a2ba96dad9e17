/**
 * Turns a handoff tool call's raw arguments into the child's input string,
 * exactly as AI4J's `StaticSubAgentRegistry.resolveInput` (seed 000 §6):
 * empty -> ""; JSON -> `task`, else `input`; `task` + `context` ->
 * "<task>\n\nContext:\n<context>"; not JSON (or no usable field) -> the raw text.
 */
export function resolveHandoffInput(rawArguments: string): string {
  if (rawArguments.trim() === "") return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawArguments);
  } catch {
    return rawArguments;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return rawArguments;
  const args = parsed as Record<string, unknown>;
  const task = asText(args.task);
  if (task !== null) {
    const context = asText(args.context);
    return context !== null && context !== "" ? `${task}\n\nContext:\n${context}` : task;
  }
  const input = asText(args.input);
  return input ?? rawArguments;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The model-chosen `timeout_seconds` argument, when present and numeric. */
export function readTimeoutSecondsArg(rawArguments: string): number | null {
  if (!rawArguments.includes("timeout_seconds")) return null;
  try {
    const parsed: unknown = JSON.parse(rawArguments);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const value = (parsed as Record<string, unknown>).timeout_seconds;
      const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof n === "number" && Number.isFinite(n)) return n;
    }
  } catch {
    // not JSON: no model choice
  }
  return null;
}
