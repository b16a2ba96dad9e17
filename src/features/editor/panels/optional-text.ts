/**
 * A tool call's `args` as typed in a textarea: a JSON object when the text is
 * one, else the raw string, which the scripted model passes verbatim (to
 * exercise malformed arguments), as the script schema allows.
 */
export function argsFromText(text: string): Record<string, unknown> | string {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON: a raw string.
  }
  return text;
}

/** The textarea text of a tool call's `args`. */
export function argsToText(args: Record<string, unknown> | string): string {
  return typeof args === "string" ? args : JSON.stringify(args, null, 1).replace(/\n\s*/g, " ");
}

/** An error turn's status as typed: a number for digits, else the text (`timeout`, `network`). */
export function statusFromText(raw: unknown): number | string {
  const text = String(raw ?? "").trim();
  return /^\d+$/.test(text) ? Number(text) : text;
}
