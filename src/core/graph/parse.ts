import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import { describeJsonSyntaxError, formatBytes, utf8ByteLength } from "./json-text";
import { migrateGraphDocument, type GraphMigration } from "./migrate";
import { graphDocumentSchema, type GraphDocument } from "./schema";
import { checkJsonValue } from "./value-guards";
import { zodIssuesToDiagnostics } from "./zod-diagnostics";

/** Documents above this size are refused before parsing (5 MB). */
export const DEFAULT_MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface ParseOptions {
  /** Size limit in UTF-8 bytes (default 5 MB). */
  maxDocumentBytes?: number;
  /** Migration registry override (tests use a fake v0 → v1 migration). */
  migrations?: readonly GraphMigration[];
  /** Current version override, together with `migrations` (tests only). */
  currentVersion?: number;
}

/**
 * The outcome of reading a document. On success `diagnostics` holds only
 * infos (e.g. `document_migrated`); on failure it holds at least one error.
 */
export type ParseResult =
  | { ok: true; document: GraphDocument; migratedFrom: number | null; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads a graph document from JSON text or from an already-parsed value:
 * size limit, JSON syntax, text that cannot be valid Unicode, nesting depth,
 * version migrations, then the zod schema (which fills in defaults). Never
 * throws: every problem comes back as a diagnostic.
 */
export function parseGraphDocument(input: unknown, options: ParseOptions = {}): ParseResult {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const read = typeof input === "string" ? readJsonText(input, maxBytes) : readValue(input, maxBytes);
  if (!read.ok) return read;
  const guards = checkJsonValue(read.value);
  if (guards.length > 0) return { ok: false, diagnostics: guards };
  const migrated = migrateGraphDocument(read.value, options);
  if (!migrated.ok) return migrated;
  const parsed = graphDocumentSchema.safeParse(migrated.document);
  if (!parsed.success)
    return { ok: false, diagnostics: zodIssuesToDiagnostics(parsed.error.issues, migrated.document) };
  return { ok: true, document: parsed.data, migratedFrom: migrated.migratedFrom, diagnostics: migrated.diagnostics };
}

type ReadResult = { ok: true; value: unknown } | { ok: false; diagnostics: Diagnostic[] };

function readJsonText(text: string, maxBytes: number): ReadResult {
  // Editors on Windows like to start UTF-8 files with a byte-order mark, which JSON.parse refuses.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const bytes = utf8ByteLength(json);
  if (bytes > maxBytes) return tooLarge(bytes, maxBytes);
  if (json.trim() === "")
    return { ok: false, diagnostics: [diagnostic("invalid_json", "the document is empty; expected a JSON object")] };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (error) {
    const problem = describeJsonSyntaxError(json, error);
    const where = problem.line !== undefined ? ` at line ${problem.line}, column ${problem.column}` : "";
    return {
      ok: false,
      diagnostics: [diagnostic("invalid_json", `the document is not valid JSON${where}: ${problem.reason}`)],
    };
  }
}

function readValue(value: unknown, maxBytes: number): ReadResult {
  // Measure objects by their JSON size, so the limit means the same for an
  // API payload as for a file; this also rejects values JSON cannot hold.
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    // Too deep to serialise is the same finding as too deep in JSON text (value-guards), so it gets the same code.
    if (error instanceof RangeError && /call stack/i.test(error.message))
      return {
        ok: false,
        diagnostics: [
          diagnostic(
            "document_too_deep",
            "values are nested too deeply to serialise (or the object refers to itself); no valid graph document is that deep",
          ),
        ],
      };
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      diagnostics: [diagnostic("invalid_document", `the document is not plain JSON data: ${reason}`)],
    };
  }
  if (json === undefined)
    return {
      ok: false,
      diagnostics: [
        diagnostic("invalid_document", `a graph document must be a JSON object, but this is ${typeof value}`),
      ],
    };
  const bytes = utf8ByteLength(json);
  if (bytes > maxBytes) return tooLarge(bytes, maxBytes);
  return { ok: true, value };
}

function tooLarge(bytes: number, maxBytes: number): ReadResult {
  return {
    ok: false,
    diagnostics: [
      diagnostic(
        "document_too_large",
        `the document is ${formatBytes(bytes)}, more than the limit of ${formatBytes(maxBytes)}; split the graph or remove large embedded text`,
      ),
    ],
  };
}
