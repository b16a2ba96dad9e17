import { parseGraphDocument } from "../graph/parse";
import { analyzeGraph } from "./analyze";
import { buildDefinition } from "./build-definition";
import { capDiagnostics } from "./cap-diagnostics";
import type { CompileResult } from "./definition";
import { hasErrors, sortDiagnostics } from "../diagnostics/diagnostics";
import { finalizeDefinition } from "./hash";
import type { CompileOptions } from "./options";

/**
 * Compiles a graph document — a JSON string or an already-parsed value — into
 * a runtime definition with its content hash, plus diagnostics (errors first).
 * Pure, synchronous and total: bad input gives diagnostics, never an
 * exception. `definition` and `hash` are null when any diagnostic is an error.
 * At most 50 diagnostics of one code are listed, then one exact count of the rest.
 */
export function compile(input: unknown, options: CompileOptions = {}): CompileResult {
  const parsed = parseGraphDocument(input, { maxDocumentBytes: options.maxDocumentBytes });
  if (!parsed.ok)
    return { definition: null, hash: null, diagnostics: capDiagnostics(sortDiagnostics(parsed.diagnostics)) };
  const { analysis, diagnostics: found } = analyzeGraph(parsed.document, options);
  // Capped here, the one place every caller (CLI, server, editor) gets diagnostics from.
  const diagnostics = capDiagnostics(sortDiagnostics([...parsed.diagnostics, ...found]));
  if (hasErrors(diagnostics)) return { definition: null, hash: null, diagnostics };
  return { ...finalizeDefinition(buildDefinition(analysis, options)), diagnostics };
}
