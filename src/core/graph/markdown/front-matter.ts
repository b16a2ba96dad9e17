import { LineCounter, parseDocument } from "yaml";
import { MarkdownSpecError } from "./markdown-spec-error";

/** A spec file split into its YAML front matter (as data) and its Markdown body. */
export interface SplitSpec {
  data: Record<string, unknown>;
  body: string;
}

const FENCE = /^---[ \t]*$/;
const CLOSING_FENCE = /^(---|\.\.\.)[ \t]*$/;
const TOP_LEVEL_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)\s*:/;
/** Front matter is a handful of fields: more alias expansions than this can only be an expansion bomb. */
const MAX_ALIAS_COUNT = 100;

/**
 * Splits `---\n<yaml>\n---\n<body>` (the Jekyll/Claude Code convention; a
 * file without the opening fence is all body). YAML errors, duplicate keys and
 * non-mapping front matter throw a MarkdownSpecError with the file line and,
 * when it can be told, the top-level field the error sits in.
 */
export function splitFrontMatter(fileName: string, content: string): SplitSpec {
  const text = (content.charCodeAt(0) === 0xfeff ? content.slice(1) : content).replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (!FENCE.test(lines[0] ?? "")) return { data: {}, body: text.trim() };
  const end = lines.findIndex((line, i) => i > 0 && CLOSING_FENCE.test(line));
  if (end < 0)
    throw new MarkdownSpecError(
      fileName,
      null,
      "the front matter opened with --- on line 1 is never closed; add a line with --- after the fields",
      1,
    );
  const yamlLines = lines.slice(1, end);
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlLines.join("\n"), { prettyErrors: false, uniqueKeys: true, lineCounter });
  const [error] = doc.errors;
  if (error) {
    const yamlLine =
      error.linePos?.[0]?.line ?? (error.pos?.[0] !== undefined ? lineCounter.linePos(error.pos[0]).line : null);
    const line = yamlLine === null ? null : yamlLine + 1;
    const field = yamlLine === null ? null : enclosingKey(yamlLines, yamlLine - 1);
    throw new MarkdownSpecError(fileName, field, `invalid YAML front matter: ${firstLine(error.message)}`, line);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // `yaml` throws (rather than reporting in doc.errors) when aliases expand past the limit: a "billion laughs" bomb.
    const message = error instanceof Error ? error.message : String(error);
    throw new MarkdownSpecError(
      fileName,
      null,
      /alias/i.test(message)
        ? `invalid YAML front matter: its aliases (*name) expand into too many values (over ${MAX_ALIAS_COUNT} alias uses, as in a YAML expansion bomb); write the values out instead`
        : `invalid YAML front matter: ${firstLine(message)}`,
      null,
    );
  }
  if (data === null || data === undefined)
    return {
      data: {},
      body: lines
        .slice(end + 1)
        .join("\n")
        .trim(),
    };
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new MarkdownSpecError(
      fileName,
      null,
      `the front matter must be a set of "field: value" lines, but it is ${Array.isArray(data) ? "a list" : `a single ${typeof data}`}`,
      2,
    );
  }
  return {
    data: data as Record<string, unknown>,
    body: lines
      .slice(end + 1)
      .join("\n")
      .trim(),
  };
}

/** The top-level key whose block contains line `index` (0-based), scanning upward. */
function enclosingKey(lines: readonly string[], index: number): string | null {
  for (let i = Math.min(index, lines.length - 1); i >= 0; i--) {
    const match = TOP_LEVEL_KEY.exec(lines[i]);
    if (match) return match[1];
  }
  return null;
}

function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}
