/**
 * The Markdown form of a graph as one zip file: the `<agent id>.md` specs
 * the CLI's `export-md` writes and `import-md` reads (the same core
 * functions), packed with fflate. Pure data in, data out.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from "fflate";

import { formatBytes } from "@/core/graph/json-text";
import type { MarkdownFile } from "@/core/graph/markdown";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "@/core/graph/parse";
import { InvalidInputError } from "@/server/errors/invalid-input-error";

/** Most spec files a zip may hold (the schema allows 5000 agents). */
const MAX_FILES = 5000;

/** Packs the spec files into a zip (deflated, fixed timestamps so equal graphs give equal zips). */
export function zipMarkdownFiles(files: readonly MarkdownFile[]): Uint8Array {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const file of files) entries[file.fileName] = [strToU8(file.content), { mtime: new Date(Date.UTC(2020, 0, 1)) }];
  return zipSync(entries, { level: 6 });
}

/**
 * Reads the `*.md` files of a zip (at any folder depth; only base names
 * count, other files are ignored). Refuses — with a message naming the
 * problem — data that is not a zip, a zip without specs, two specs with one
 * name, and archives that unpack to more than the graph document limit.
 */
export function unzipMarkdownFiles(zip: Uint8Array): MarkdownFile[] {
  let declaredBytes = 0;
  let count = 0;
  let unzipped: Unzipped;
  try {
    unzipped = unzipSync(zip, {
      filter: (file) => {
        if (!isSpec(file.name)) return false;
        count++;
        declaredBytes += file.originalSize;
        if (count > MAX_FILES) throw new InvalidInputError(`The zip holds more than ${MAX_FILES} Markdown specs.`);
        if (declaredBytes > DEFAULT_MAX_DOCUMENT_BYTES)
          throw new InvalidInputError(
            `The Markdown specs in the zip unpack to more than ${formatBytes(DEFAULT_MAX_DOCUMENT_BYTES)}, the graph document limit.`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError(
      `The file is not a readable zip archive (${reason}). Upload the .zip that "Export Markdown" produces, or a zip of <agent id>.md files.`,
    );
  }
  const files: MarkdownFile[] = [];
  const seen = new Map<string, string>();
  for (const [path, data] of Object.entries(unzipped)) {
    const fileName = path.split("/").pop() ?? path;
    const other = seen.get(fileName);
    if (other !== undefined)
      throw new InvalidInputError(
        `The zip holds two specs named ${fileName} (${other} and ${path}); agent ids must be unique.`,
      );
    seen.set(fileName, path);
    let content: string;
    try {
      content = strFromU8(data);
    } catch {
      throw new InvalidInputError(`${path} in the zip is not UTF-8 text.`);
    }
    files.push({ fileName, content });
  }
  if (files.length === 0)
    throw new InvalidInputError(
      "The zip has no Markdown agent specs (*.md files). Each agent is one <agent id>.md file with YAML front matter; see docs/graph-format.md.",
    );
  return files.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
}

/** A spec file: `*.md`, not a folder, not macOS resource-fork litter. */
function isSpec(path: string): boolean {
  if (!/\.md$/i.test(path) || path.endsWith("/")) return false;
  const parts = path.split("/");
  return !parts.includes("__MACOSX") && !(parts.at(-1) ?? "").startsWith("._");
}
