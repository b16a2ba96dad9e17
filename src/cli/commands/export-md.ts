import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { exportMarkdownAgents, MarkdownExportError } from "@/core/graph/markdown";
import { capDiagnostics } from "@/core/compiler/cap-diagnostics";
import { parseGraphDocument } from "@/core/graph/parse";
import { formatDiagnostics } from "./compile-format";
import { type CliIO, parseCommandLine, processIO } from "./cli-io";
import { makeDirectory } from "../make-directory";

export const EXPORT_MD_USAGE = `Usage: npm run graph -- export-md <graph.json> <out-dir> [--force]

Writes the graph as Markdown agent specs, one <agent id>.md per agent, that
import-md (or compile <out-dir>) reads back. Only graphs whose main agent
delegates directly to every other agent have a Markdown form. Refuses to
overwrite existing .md files unless --force. Exits 0 on success, 1 when the
graph cannot be read or exported, 64 on bad usage.

Options:
      --force      Overwrite existing files
  -h, --help       Show this help
`;

/** Options and positionals of the command (with its usage, for `parseCommandLine`). */
const EXPORT_MD_COMMAND_LINE = {
  usage: EXPORT_MD_USAGE,
  options: { force: { type: "boolean" } },
  positionals: ["<graph.json>", "<out-dir>"],
} as const;

/** `graph export-md <graph.json> <out-dir>`; returns the exit code. */
export async function exportMdCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  const args = parseCommandLine(argv, io, EXPORT_MD_COMMAND_LINE);
  if ("exitCode" in args) return args.exitCode;
  const { values } = args;
  const [graphPath, outDir] = args.positionals;
  let text: string;
  try {
    text = await readFile(graphPath, "utf8");
  } catch (error) {
    io.stderr(`error: cannot read ${graphPath}: ${(error as Error).message}\n`);
    return 1;
  }
  const parsed = parseGraphDocument(text);
  if (!parsed.ok) {
    io.stderr(
      `${formatDiagnostics(capDiagnostics(parsed.diagnostics))}error: ${graphPath} is not a valid graph document\n`,
    );
    return 1;
  }
  let files;
  try {
    files = exportMarkdownAgents(parsed.document);
  } catch (error) {
    if (!(error instanceof MarkdownExportError)) throw error;
    io.stderr(`error: cannot export ${graphPath} as Markdown: ${error.message}\n`);
    return 1;
  }
  if (!values.force) {
    // Check every target first, so a refused export writes nothing at all.
    const existing = [];
    for (const file of files) if (await exists(join(outDir, file.fileName))) existing.push(file.fileName);
    if (existing.length > 0) {
      io.stderr(`error: ${outDir} already has ${existing.join(", ")}; use --force to overwrite\n`);
      return 1;
    }
  }
  try {
    await makeDirectory(outDir);
    for (const file of files) await writeFile(join(outDir, file.fileName), file.content);
  } catch (error) {
    io.stderr(`error: cannot write to ${outDir}: ${(error as Error).message}\n`);
    return 1;
  }
  io.stderr(
    `wrote ${files.length} spec${files.length === 1 ? "" : "s"} to ${outDir}: ${files.map((f) => f.fileName).join(", ")}\n`,
  );
  return 0;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
