import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "@/core/compiler";
import { diagnostic } from "@/core/diagnostics/diagnostics";
import { importMarkdownAgents, MarkdownSpecError, type MarkdownFile } from "@/core/graph/markdown";
import type { GraphDocument } from "@/core/graph/schema";

/**
 * What a compile-style command reads: the text of a `.json` graph document
 * (parsed by the compiler, which reports JSON and schema problems with their
 * path), or a graph document imported from a folder of Markdown specs.
 */
export type GraphSource =
  | { ok: true; kind: "json"; input: string; diagnostics: Diagnostic[] }
  | { ok: true; kind: "markdown"; input: GraphDocument; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Reads `<file.json|dir-of-md>`; never throws for a missing path, bad JSON or a broken spec. */
export async function readGraphSource(path: string): Promise<GraphSource> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch (error) {
    return failed(`cannot read ${path}: ${reason(error)}`);
  }
  if (isDirectory) return readMarkdownDir(path);
  try {
    return { ok: true, kind: "json", input: await readFile(path, "utf8"), diagnostics: [] };
  } catch (error) {
    return failed(`cannot read ${path}: ${reason(error)}`);
  }
}

/** Reads every `*.md` file of a folder (not recursive) and imports them as one graph. */
export async function readMarkdownDir(dir: string): Promise<GraphSource> {
  let files: MarkdownFile[];
  try {
    const names = (await readdir(dir)).filter((name) => /\.md$/i.test(name)).sort();
    files = await Promise.all(
      names.map(async (name) => ({ fileName: name, content: await readFile(join(dir, name), "utf8") })),
    );
  } catch (error) {
    return failed(`cannot read ${dir}: ${reason(error)}`);
  }
  if (files.length === 0)
    return failed(`${dir} has no Markdown specs (*.md files); give a graph .json file or a folder of agent specs`);
  const warnings: Diagnostic[] = [];
  try {
    const document = importMarkdownAgents(files, {
      onWarning: (w) =>
        warnings.push(
          diagnostic("markdown_field_ignored", `${w.fileName}${w.field ? `, field "${w.field}"` : ""}: ${w.message}`, {
            nodeIds: [agentIdOf(w.fileName)],
          }),
        ),
    });
    return { ok: true, kind: "markdown", input: document, diagnostics: warnings };
  } catch (error) {
    if (!(error instanceof MarkdownSpecError)) throw error;
    const at = {
      nodeIds: error.fileName ? [agentIdOf(error.fileName)] : [],
      ...(error.field !== null && { path: error.field }),
    };
    return { ok: false, diagnostics: [...warnings, diagnostic("markdown_spec_invalid", error.message, at)] };
  }
}

function agentIdOf(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.md$/i, "");
}

function failed(message: string): GraphSource {
  return { ok: false, diagnostics: [diagnostic("unreadable_input", message)] };
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES") return "permission denied";
  return error instanceof Error ? error.message : String(error);
}
