import { writeFile } from "node:fs/promises";
import { readMarkdownDir } from "./compile-input";
import { formatDiagnostics } from "./compile-format";
import { type CliIO, parseCommandLine, processIO } from "./cli-io";

export const IMPORT_MD_USAGE = `Usage: npm run graph -- import-md <dir> [--out <file.json>]

Reads a folder of Markdown agent specs (*.md, one per agent; the file name is
the agent id) and prints the graph document as JSON on stdout, or writes it to
--out. Problems name the file and the front-matter field. Exits 0 on success,
1 when a spec cannot be imported, 64 on bad usage.

Options:
  -o, --out <file.json>  Write the document to this file instead of stdout
  -h, --help             Show this help
`;

/** Options and positionals of the command (with its usage, for `parseCommandLine`). */
const IMPORT_MD_COMMAND_LINE = {
  usage: IMPORT_MD_USAGE,
  options: { out: { type: "string", short: "o" } },
  positionals: ["<dir>"],
} as const;

/** `graph import-md <dir> [--out file.json]`; returns the exit code. */
export async function importMdCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  const args = parseCommandLine(argv, io, IMPORT_MD_COMMAND_LINE);
  if ("exitCode" in args) return args.exitCode;
  const { values } = args;
  const [dir] = args.positionals;
  const source = await readMarkdownDir(dir);
  io.stderr(formatDiagnostics(source.diagnostics));
  if (!source.ok) return 1;
  const json = `${JSON.stringify(source.input, null, 2)}\n`;
  if (values.out === undefined) {
    io.stdout(json);
    return 0;
  }
  try {
    await writeFile(values.out, json);
  } catch (error) {
    io.stderr(`error: cannot write ${values.out}: ${(error as Error).message}\n`);
    return 1;
  }
  io.stderr(`wrote ${values.out}\n`);
  return 0;
}
