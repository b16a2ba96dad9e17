import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { readMarkdownDir } from "./compile-input";
import { formatDiagnostics } from "./compile-format";
import type { CliIO } from "./run";

export const IMPORT_MD_USAGE = `Usage: npm run graph -- import-md <dir> [--out <file.json>]

Reads a folder of Markdown agent specs (*.md, one per agent; the file name is
the agent id) and prints the graph document as JSON on stdout, or writes it to
--out. Problems name the file and the front-matter field. Exits 0 on success,
1 when a spec cannot be imported, 64 on bad usage.

Options:
  -o, --out <file.json>  Write the document to this file instead of stdout
  -h, --help             Show this help
`;

const processIO: CliIO = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** `graph import-md <dir> [--out file.json]`; returns the exit code. */
export async function importMdCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  let values: { out?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: "string", short: "o" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    io.stderr(`error: ${(error as Error).message}\n\n${IMPORT_MD_USAGE}`);
    return 64;
  }
  if (values.help) {
    io.stdout(IMPORT_MD_USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr(
      `error: ${positionals.length === 0 ? "missing <dir>" : `unexpected arguments: ${positionals.slice(1).join(" ")}`}\n\n${IMPORT_MD_USAGE}`,
    );
    return 64;
  }
  const source = await readMarkdownDir(positionals[0]);
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
