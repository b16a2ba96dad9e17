import { compile, type CompileResult, type Diagnostic } from "@/core/compiler";
import { capDiagnostics } from "@/core/compiler/cap-diagnostics";
import { sortDiagnostics } from "@/core/diagnostics/diagnostics";
import { readGraphSource } from "./compile-input";
import { formatDiagnostics, summarize } from "./compile-format";
import { type CliIO, EXIT_USAGE, parseCommandLine, processIO } from "./cli-io";

export const COMPILE_USAGE = `Usage: npm run graph -- compile <file.json|dir-of-md> [--json]

Compiles a graph document — a .json file, or a folder of Markdown agent specs
(*.md, one per agent, see docs/graph-format.md) — and prints the runtime
definition as JSON on stdout. Diagnostics (severity, code, node and edge ids,
message) go to stderr. Exits 0 when the graph compiles (warnings allowed),
1 when there is any error, 64 on bad usage.

Options:
      --json       Print one JSON object on stdout instead:
                   { "ok", "hash", "diagnostics": [...], "definition" | null }
  -h, --help       Show this help
`;

/** Options and positionals of the command (with its usage, for `parseCommandLine`). */
const COMPILE_COMMAND_LINE = {
  usage: COMPILE_USAGE,
  options: { json: { type: "boolean" } },
  positionals: ["<file.json|dir-of-md>"],
} as const;

export const COMPILE_EXIT = { ok: 0, errors: 1, usage: EXIT_USAGE } as const;

/** `graph compile <file.json|dir-of-md> [--json]`; returns the exit code. */
export async function compileCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  const args = parseCommandLine(argv, io, COMPILE_COMMAND_LINE);
  if ("exitCode" in args) return args.exitCode;
  const { values } = args;
  const [path] = args.positionals;
  const result = await compileSource(path);
  const ok = result.definition !== null;
  if (values.json) {
    io.stdout(
      `${JSON.stringify({ ok, hash: result.hash, diagnostics: result.diagnostics, definition: result.definition }, null, 2)}\n`,
    );
    return ok ? COMPILE_EXIT.ok : COMPILE_EXIT.errors;
  }
  io.stderr(formatDiagnostics(result.diagnostics));
  if (!ok) {
    io.stderr(`error: ${path} does not compile (${summarize(result.diagnostics)})\n`);
    return COMPILE_EXIT.errors;
  }
  io.stdout(`${JSON.stringify(result.definition, null, 2)}\n`);
  return COMPILE_EXIT.ok;
}

/** Reads and compiles a `.json` document or a folder of Markdown specs; never throws for bad input. */
export async function compileSource(path: string): Promise<CompileResult> {
  const source = await readGraphSource(path);
  // Reading and compiling raise different codes, so capping each list once keeps every count exact.
  const read = capDiagnostics(source.diagnostics);
  if (!source.ok) return { definition: null, hash: null, diagnostics: sortDiagnostics(read) };
  const compiled = compile(source.input);
  const diagnostics: Diagnostic[] = sortDiagnostics([...read, ...compiled.diagnostics]);
  return { ...compiled, diagnostics };
}
