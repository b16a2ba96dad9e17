/** A path into a JSON value: object keys and array indexes. */
export type JsonPath = readonly (string | number | symbol)[];

/**
 * Formats a path the way people read it in messages and in the editor:
 * `agents.2.maxSteps`; the document itself is `(document)`.
 */
export function formatJsonPath(path: JsonPath): string {
  if (path.length === 0) return "(document)";
  return path.map((part) => (typeof part === "symbol" ? part.toString() : String(part))).join(".");
}
