/**
 * Markdown sub-agent specs with YAML front matter (seed 002; also Claude Code
 * agent files): import a set of files as a graph document, export a graph as
 * files. The format is described in docs/graph-format.md.
 */
export {
  importMarkdownAgents,
  CLAUDE_CODE_TOOL_ALIASES,
  type MarkdownFile,
  type MarkdownImportOptions,
  type MarkdownImportWarning,
} from "./markdown/import";
export { exportMarkdownAgents } from "./markdown/export";
export { MarkdownExportError, MarkdownSpecError } from "./markdown/markdown-spec-error";
export { DEFAULT_MODEL_ALIASES } from "./markdown/model-spec";
