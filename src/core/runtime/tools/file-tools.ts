import { z } from "zod";
import { compileUserRegex, InvalidPatternError, type UserRegex } from "../../patterns/user-regex";
import { ToolInputError, defineBuiltinTool } from "./tool";

const MAX_PATH = 512;
const MAX_CONTENT = 1_000_000;
const MAX_GREP_MATCHES = 200;

/**
 * Normalises a workspace path: relative, `/`-separated, no `.`/`..` segments.
 * "./notes//a.md" -> "notes/a.md"; ".." anywhere is refused.
 */
export function normalizeWorkspacePath(path: string): string {
  const trimmed = path.trim().replace(/\\/g, "/");
  if (trimmed.length === 0) throw new ToolInputError("path is empty");
  if (trimmed.length > MAX_PATH) throw new ToolInputError(`path longer than ${MAX_PATH} characters`);
  const parts: string[] = [];
  for (const part of trimmed.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") throw new ToolInputError(`path may not contain "..": ${path}`);
    parts.push(part);
  }
  if (parts.length === 0) throw new ToolInputError(`not a file path: ${path}`);
  return parts.join("/");
}

function normalizePrefix(prefix: string | undefined): string | undefined {
  if (prefix === undefined || prefix.trim() === "" || prefix.trim() === "." || prefix.trim() === "/") return undefined;
  const normalized = normalizeWorkspacePath(prefix);
  return prefix.trim().endsWith("/") ? `${normalized}/` : normalized;
}

export const readFileTool = defineBuiltinTool({
  name: "read_file",
  description: "Read a text file from the workspace.",
  schema: z.object({ path: z.string().describe("Path relative to the workspace root, e.g. notes/summary.md") }),
  execute: async ({ path }, context) => {
    const normalized = normalizeWorkspacePath(path);
    const content = await context.files.read(context.workspaceId, normalized);
    if (content === null) throw new ToolInputError(`file not found: ${normalized}`);
    return content;
  },
});

export const writeFileTool = defineBuiltinTool({
  name: "write_file",
  description: "Create or overwrite a text file in the workspace.",
  schema: z.object({
    path: z.string().describe("Path relative to the workspace root"),
    content: z.string().max(MAX_CONTENT).describe("The full new content of the file"),
  }),
  execute: async ({ path, content }, context) => {
    const normalized = normalizeWorkspacePath(path);
    await context.files.write(context.workspaceId, normalized, content);
    return `wrote ${content.length} characters to ${normalized}`;
  },
});

export const listFilesTool = defineBuiltinTool({
  name: "list_files",
  description: "List the files in the workspace, optionally under a directory prefix.",
  schema: z.object({ prefix: z.string().optional().describe("Only paths starting with this prefix, e.g. notes/") }),
  execute: async ({ prefix }, context) => {
    const paths = await context.files.list(context.workspaceId, normalizePrefix(prefix));
    return paths.length === 0 ? "(no files)" : paths.join("\n");
  },
});

export const grepFilesTool = defineBuiltinTool({
  name: "grep_files",
  description: "Search the workspace files for a regular expression; returns path:line: text for each matching line.",
  schema: z.object({
    pattern: z.string().min(1).max(1000).describe("Regular expression (RE2 syntax: no backreferences or lookaround)"),
    prefix: z.string().optional().describe("Only search paths starting with this prefix"),
    ignoreCase: z.boolean().optional().describe("Case-insensitive search"),
  }),
  execute: async ({ pattern, prefix, ignoreCase }, context) => {
    // The pattern comes from the model: RE2 keeps a pattern like `(a+)+$` from hanging the run.
    let regex: UserRegex;
    try {
      regex = compileUserRegex(pattern, ignoreCase ? "i" : "");
    } catch (error) {
      if (!(error instanceof InvalidPatternError)) throw error;
      throw new ToolInputError(error.message);
    }
    const paths = await context.files.list(context.workspaceId, normalizePrefix(prefix));
    const matches: string[] = [];
    for (const path of paths) {
      const content = await context.files.read(context.workspaceId, path);
      if (content === null) continue;
      const lines = content.split("\n");
      for (let i = 0; i < lines.length; i++) {
        if (regex.test(lines[i])) {
          matches.push(`${path}:${i + 1}: ${lines[i]}`);
          if (matches.length >= MAX_GREP_MATCHES) {
            matches.push(`(stopped after ${MAX_GREP_MATCHES} matches)`);
            return matches.join("\n");
          }
        }
      }
    }
    return matches.length === 0 ? "(no matches)" : matches.join("\n");
  },
});
