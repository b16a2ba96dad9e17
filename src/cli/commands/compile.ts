import { parseArgs } from "node:util";
import { compile, type CompileResult, type Diagnostic } from "@/core/compiler";
import { capDiagnostics } from "@/core/compiler/cap-diagnostics";
import { sortDiagnostics } from "@/core/compiler/diagnostics";
import { readGraphSource } from "./compile-input";
import { formatDiagnostics, summarize } from "./compile-format";
import type { CliIO } from "./run";

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

export const COMPILE_EXIT = { ok: 0, errors: 1, usage: 64 } as const;

const processIO: CliIO = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** `graph compile <file.json|dir-of-md> [--json]`; returns the exit code. */
export async function compileCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  let values: { json?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    io.stderr(`error: ${(error as Error).message}\n\n${COMPILE_USAGE}`);
    return COMPILE_EXIT.usage;
  }
  if (values.help) {
    io.stdout(COMPILE_USAGE);
    return COMPILE_EXIT.ok;
  }
  if (positionals.length !== 1) {
    io.stderr(
      `error: ${positionals.length === 0 ? "missing <file.json|dir-of-md>" : `unexpected arguments: ${positionals.slice(1).join(" ")}`}\n\n${COMPILE_USAGE}`,
    );
    return COMPILE_EXIT.usage;
  }
  const [path] = positionals;
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
