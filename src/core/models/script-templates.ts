/** Template variables a scripted turn may use. */
export type TemplateVariable = "input" | "messageCount" | "agent" | "lastToolResult";

/** Resolves a variable's value on demand (only variables a template uses are computed). */
export type TemplateResolver = (name: TemplateVariable) => string;

const TEMPLATE = /\{\{\s*(input|messageCount|agent|lastToolResult)\s*\}\}/g;

/** True when `text` may contain a template (cheap pre-check done once per script). */
export function hasTemplate(text: string): boolean {
  return text.includes("{{");
}

/**
 * Replaces `{{input}}`, `{{messageCount}}`, `{{agent}}` and `{{lastToolResult}}`.
 * Unknown `{{names}}` are left as they are so a typo shows up in the output.
 */
export function renderTemplate(text: string, resolve: TemplateResolver): string {
  return text.replace(TEMPLATE, (_match, name: TemplateVariable) => resolve(name));
}

/** Applies `renderTemplate` to every string inside a JSON-like value (object args of tool calls). */
export function renderDeep(value: unknown, resolve: TemplateResolver): unknown {
  if (typeof value === "string") return hasTemplate(value) ? renderTemplate(value, resolve) : value;
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, resolve));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = renderDeep(v, resolve);
    return out;
  }
  return value;
}

/** True when any string inside `value` may contain a template. */
export function hasTemplateDeep(value: unknown): boolean {
  if (typeof value === "string") return hasTemplate(value);
  if (Array.isArray(value)) return value.some(hasTemplateDeep);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasTemplateDeep);
  return false;
}
