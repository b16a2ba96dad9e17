import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import { formatJsonPath } from "./json-path";

/** Deeper than any valid document (its deepest fields sit about 12 levels down). */
export const MAX_DOCUMENT_DEPTH = 64;

const MAX_REPORTED = 10;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const REPLACEMENT_CHAR = "\ufffd";

/**
 * Checks a parsed JSON value before the schema sees it: nesting depth (which
 * also stops circular objects) and strings that cannot be valid text — lone
 * surrogates (PostgreSQL and UTF-8 encoders reject them) and U+FFFD, which is
 * what a decoder leaves where a file had invalid UTF-8 bytes. Iterative, so a
 * hostile document cannot overflow the stack. `startDepth`: how deep `root`
 * sits in the document, when checking one part of it.
 */
export function checkJsonValue(root: unknown, startDepth = 0): Diagnostic[] {
  const found: Diagnostic[] = [];
  let unicodeProblems = 0;
  const report = (code: "invalid_unicode" | "invalid_utf8", path: string, message: string) => {
    unicodeProblems++;
    if (unicodeProblems <= MAX_REPORTED) found.push(diagnostic(code, `${path}: ${message}`, { path }));
  };
  // Entries keep a link to their parent instead of a copied path: paths are
  // only materialised for the few values that get reported.
  const stack: Entry[] = [{ value: root, parent: null, key: "", depth: startDepth }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === "string") {
      const problem = describeBadText(value);
      if (problem) report(problem.code, formatJsonPath(pathOf(entry)), problem.message);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (entry.depth >= MAX_DOCUMENT_DEPTH) {
      const path = pathOf(entry);
      found.push(
        diagnostic(
          "document_too_deep",
          `${formatJsonPath(path.slice(0, 8))}…: values are nested more than ${MAX_DOCUMENT_DEPTH} levels deep (or the object refers to itself); no valid graph document is that deep`,
          { path: formatJsonPath(path) },
        ),
      );
      return found;
    }
    const depth = entry.depth + 1;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent: entry, key: i, depth });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const child: Entry = { value: (value as Record<string, unknown>)[key], parent: entry, key, depth };
      const keyProblem = describeBadText(key);
      if (keyProblem) report(keyProblem.code, formatJsonPath(pathOf(child)), `the field name ${keyProblem.message}`);
      stack.push(child);
    }
  }
  if (unicodeProblems > MAX_REPORTED) {
    found.push(
      diagnostic(
        "invalid_utf8",
        `${unicodeProblems - MAX_REPORTED} more strings have invalid characters (only the first ${MAX_REPORTED} are listed)`,
      ),
    );
  }
  return found;
}

interface Entry {
  value: unknown;
  parent: Entry | null;
  key: string | number;
  depth: number;
}

function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let e: Entry | null = entry; e && e.parent; e = e.parent) path.push(e.key);
  return path.reverse();
}

function describeBadText(text: string): { code: "invalid_unicode" | "invalid_utf8"; message: string } | null {
  // Fast path: most strings are plain ASCII and need no regex.
  if (!/[^\u0000-\u007f]/.test(text)) return null;
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate) {
    const hex = surrogate[0].charCodeAt(0).toString(16).toUpperCase();
    return {
      code: "invalid_unicode",
      message: `contains a lone UTF-16 surrogate (U+${hex}) at character ${surrogate.index}; this is not valid Unicode text and cannot be saved as UTF-8 — remove it or re-type the text`,
    };
  }
  const replacement = text.indexOf(REPLACEMENT_CHAR);
  if (replacement >= 0) {
    return {
      code: "invalid_utf8",
      message: `contains U+FFFD (�) at character ${replacement}, the mark left where a file had invalid UTF-8 bytes; re-save the file as UTF-8 and import it again`,
    };
  }
  return null;
}
