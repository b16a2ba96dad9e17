import type { z } from "zod";
import type { ModelChain } from "../../models/model-ref";
import { formatJsonPath } from "../json-path";
import {
  GRAPH_SCHEMA_VERSION,
  graphDocumentSchema,
  idSchema,
  type GraphDocument,
  type GraphDocumentInput,
} from "../schema";
import { splitFrontMatter } from "./front-matter";
import {
  frontMatterSchema,
  HANDOFF_FIELDS,
  IGNORED_FIELDS,
  ROOT_FIELDS,
  type FrontMatter,
} from "./front-matter-schema";
import { MarkdownSpecError } from "./markdown-spec-error";
import { DEFAULT_MODEL_ALIASES, ModelSpecProblem, parseModelSpec } from "./model-spec";

/** One spec file: its name (a path is fine; only the base name counts) and its text. */
export interface MarkdownFile {
  fileName: string;
  content: string;
}

/** Something the importer accepted but wants the user to know about. */
export interface MarkdownImportWarning {
  fileName: string;
  field: string | null;
  message: string;
}

export interface MarkdownImportOptions {
  /** Id of the main agent; otherwise the file marked `root: true`, else `main.md`, else the only `mode: primary` file. */
  rootId?: string;
  /** Graph name when the main agent's file sets no `graph.name` (default "Imported agents"). */
  graphName?: string;
  /** Model shorthands (default: Claude Code's sonnet/opus/haiku). */
  modelAliases?: Readonly<Record<string, string>>;
  /** Receives warnings, e.g. for fields of other tools that are dropped. */
  onWarning?: (warning: MarkdownImportWarning) => void;
}

/**
 * Claude Code's tool names for what our built-in file tools do, so its agent
 * files keep their tools. Other names pass through unchanged (and the
 * compiler reports the ones the workspace does not have).
 */
export const CLAUDE_CODE_TOOL_ALIASES: Readonly<Record<string, string>> = {
  Read: "read_file",
  Write: "write_file",
  Edit: "write_file",
  MultiEdit: "write_file",
  Grep: "grep_files",
  Glob: "list_files",
  LS: "list_files",
};

interface ParsedSpec {
  id: string;
  fileName: string;
  fields: FrontMatter;
  body: string;
}

/**
 * Builds a graph document from Markdown sub-agent specs (seed 002 format,
 * also Claude Code agent files): each file is one agent whose id is the file
 * name, the body is its instructions, and the main agent gets a handoff to
 * every other agent, configured by the handoff fields of that agent's file.
 * Throws MarkdownSpecError naming the file and field on any problem.
 */
export function importMarkdownAgents(
  files: readonly MarkdownFile[],
  options: MarkdownImportOptions = {},
): GraphDocument {
  if (files.length === 0) throw new MarkdownSpecError("", null, "no Markdown files to import");
  const specs = files.map((file) => readSpec(file, options));
  const seen = new Map<string, string>();
  for (const spec of specs) {
    const other = seen.get(spec.id);
    if (other)
      throw new MarkdownSpecError(
        spec.fileName,
        null,
        `agent id "${spec.id}" is also the id of ${other}; file names must be unique`,
      );
    seen.set(spec.id, spec.fileName);
  }
  const root = pickRoot(specs, options);
  const children = specs.filter((s) => s !== root).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const child of children) {
    const misplaced = ROOT_FIELDS.find((f) => child.fields[f] !== undefined);
    if (misplaced)
      throw new MarkdownSpecError(child.fileName, misplaced, "only the main agent's file may set this field");
    if (!child.fields.description?.trim()) {
      throw new MarkdownSpecError(
        child.fileName,
        "description",
        "required: the main agent reads it to decide when to delegate (say what the agent does and when to use it)",
      );
    }
  }
  const misplaced = HANDOFF_FIELDS.find((f) => root.fields[f] !== undefined);
  if (misplaced)
    throw new MarkdownSpecError(
      root.fileName,
      misplaced,
      "describes the main agent's handoff to this agent, but this is the main agent itself",
    );
  const aliases = options.modelAliases ?? DEFAULT_MODEL_ALIASES;
  const graph = root.fields.graph ?? {};
  const ordered = [root, ...children];
  const document: GraphDocumentInput = {
    schemaVersion: GRAPH_SCHEMA_VERSION,
    name: graph.name ?? options.graphName ?? "Imported agents",
    description: graph.description ?? "",
    rootAgentId: root.id,
    settings: graph.settings ?? {},
    tools: graph.tools ?? [],
    agents: ordered.map((spec, i) => agentOf(spec, i, children.length, aliases)),
    handoffs: children.map((child) => handoffOf(root.id, child, aliases)),
  };
  const parsed = graphDocumentSchema.safeParse(document);
  if (!parsed.success) throw specErrorFromIssue(parsed.error.issues[0], ordered);
  return parsed.data;
}

function readSpec(file: MarkdownFile, options: MarkdownImportOptions): ParsedSpec {
  const baseName = file.fileName.split(/[\\/]/).pop() ?? file.fileName;
  if (!/\.md$/i.test(baseName))
    throw new MarkdownSpecError(file.fileName, null, "not a Markdown spec: the file name must end in .md");
  const id = baseName.replace(/\.md$/i, "");
  if (!idSchema.safeParse(id).success) {
    throw new MarkdownSpecError(
      file.fileName,
      null,
      `the file name is the agent id, and "${id}" is not a valid id (letters, digits, _ and -, starting with a letter or digit, at most 64)`,
    );
  }
  const { data, body } = splitFrontMatter(file.fileName, file.content);
  for (const [key, why] of Object.entries(IGNORED_FIELDS)) {
    if (!(key in data)) continue;
    delete data[key];
    options.onWarning?.({ fileName: file.fileName, field: key, message: `ignored: ${why}` });
  }
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue.path.length > 0
        ? String(issue.path[0])
        : issue.code === "unrecognized_keys"
          ? (issue.keys[0] ?? null)
          : null;
    const detail =
      issue.code === "unrecognized_keys" && issue.path.length === 0
        ? "unknown field (check the spelling; the fields are listed in docs/graph-format.md)"
        : describe(issue);
    throw new MarkdownSpecError(file.fileName, field, detail);
  }
  if (parsed.data.workspace?.path !== undefined) {
    options.onWarning?.({
      fileName: file.fileName,
      field: "workspace",
      message: "ignored workspace.path: workspaces are virtual, per conversation",
    });
  }
  return { id, fileName: file.fileName, fields: parsed.data, body };
}

function describe(issue: z.core.$ZodIssue): string {
  const inner = issue.path.slice(1);
  return inner.length > 0 ? `${formatJsonPath(inner)}: ${issue.message}` : issue.message;
}

function pickRoot(specs: ParsedSpec[], options: MarkdownImportOptions): ParsedSpec {
  if (options.rootId !== undefined) {
    const chosen = specs.find((s) => s.id === options.rootId);
    if (!chosen)
      throw new MarkdownSpecError(
        `${options.rootId}.md`,
        null,
        `the chosen main agent "${options.rootId}" has no file among those imported`,
      );
    return chosen;
  }
  const marked = specs.filter((s) => s.fields.root === true);
  if (marked.length > 1)
    throw new MarkdownSpecError(
      marked[1].fileName,
      "root",
      `only one file may say root: true (${marked[0].fileName} does too)`,
    );
  if (marked.length === 1) return marked[0];
  const main = specs.find((s) => s.id === "main");
  if (main) return main;
  const primaries = specs.filter((s) => s.fields.mode === "primary");
  if (primaries.length === 1) return primaries[0];
  const hint =
    "name the main agent's file main.md, set root: true (or mode: primary) in it, or choose the main agent when importing";
  if (primaries.length > 1)
    throw new MarkdownSpecError(
      primaries[1].fileName,
      "mode",
      `several files have mode: primary (${primaries.map((p) => p.fileName).join(", ")}), so the main agent is ambiguous; ${hint}`,
    );
  throw new MarkdownSpecError(specs[0].fileName, null, `no main agent found; ${hint}`);
}

function agentOf(
  spec: ParsedSpec,
  index: number,
  childCount: number,
  aliases: Readonly<Record<string, string>>,
): GraphDocumentInput["agents"][number] {
  const f = spec.fields;
  const params: Record<string, number> = {};
  if (f.temperature !== undefined) params.temperature = f.temperature;
  if (f.top_p !== undefined) params.topP = f.top_p;
  if (f.max_tokens !== undefined) params.maxTokens = f.max_tokens;
  // A simple layout (main on top, the others in a row) so the canvas is not one pile at 0,0.
  const position = index === 0 ? { x: Math.max(0, (childCount - 1) * 130), y: 0 } : { x: (index - 1) * 260, y: 220 };
  return {
    id: spec.id,
    name: f.name ?? spec.id,
    description: f.description ?? "",
    instructions: spec.body,
    modelChain: f.model === undefined ? [] : modelChainOf(spec, "model", f.model, aliases),
    params,
    ...(f.steps !== undefined && { maxSteps: f.steps }),
    tools: toolList(f.tools, true),
    denyTools: toolList(f.deny, false),
    ...(f.inherit_parent_permissions !== undefined && { inheritParentPermissions: f.inherit_parent_permissions }),
    ...(f.handoff_policy !== undefined && { handoffPolicy: f.handoff_policy }),
    ...(f.hidden !== undefined && { hidden: f.hidden }),
    ...(f.mode !== undefined && { mode: f.mode }),
    position,
  };
}

function handoffOf(
  rootId: string,
  child: ParsedSpec,
  aliases: Readonly<Record<string, string>>,
): NonNullable<GraphDocumentInput["handoffs"]>[number] {
  const f = child.fields;
  if (f.execution === "sync" && f.timeout_seconds === 0) {
    throw new MarkdownSpecError(
      child.fileName,
      "timeout_seconds",
      "0 means background (seed 002), which contradicts execution: sync; give a timeout of 1–600 seconds or drop execution",
    );
  }
  const background = f.execution === "background" || f.timeout_seconds === 0;
  const id = `${rootId}-${child.id}`;
  return {
    id: id.length <= 64 ? id : `handoff-${child.id}`.slice(0, 64),
    from: rootId,
    to: child.id,
    ...(f.tool_name !== undefined && { toolName: f.tool_name }),
    ...(f.handoff_description !== undefined && { description: f.handoff_description }),
    ...(f.session !== undefined && { sessionMode: f.session }),
    ...(f.context !== undefined && { contextMode: f.context }),
    ...(f.fork_max_tokens !== undefined && { forkMaxTokens: f.fork_max_tokens }),
    ...(f.workspace?.mode !== undefined && { workspaceMode: f.workspace.mode }),
    execution: {
      mode: background ? "background" : "sync",
      ...(f.timeout_seconds !== undefined && f.timeout_seconds > 0 && { timeoutSeconds: f.timeout_seconds }),
      ...(f.on_timeout !== undefined && { onTimeout: f.on_timeout }),
      ...(f.model_chooses_mode !== undefined && { modelChoosesMode: f.model_chooses_mode }),
    },
    ...(f.label !== undefined && { label: f.label }),
    ...(f.handoff_model !== undefined && {
      modelChain: modelChainOf(child, "handoff_model", f.handoff_model, aliases),
    }),
  };
}

function modelChainOf(
  spec: ParsedSpec,
  field: string,
  value: unknown,
  aliases: Readonly<Record<string, string>>,
): ModelChain {
  try {
    return parseModelSpec(value, aliases);
  } catch (error) {
    if (error instanceof ModelSpecProblem) throw new MarkdownSpecError(spec.fileName, field, error.message);
    throw error;
  }
}

function toolList(value: string | string[] | undefined, mapClaudeCode: boolean): string[] {
  if (value === undefined) return [];
  const names = (typeof value === "string" ? value.split(",") : value).map((n) => n.trim()).filter((n) => n !== "");
  return [...new Set(mapClaudeCode ? names.map((n) => CLAUDE_CODE_TOOL_ALIASES[n] ?? n) : names)];
}

/** Maps a graph-schema issue back to the file and front-matter field it came from. */
function specErrorFromIssue(issue: z.core.$ZodIssue, ordered: ParsedSpec[]): MarkdownSpecError {
  const [collection, index, key] = issue.path;
  const fieldOf: Record<string, string> = {
    maxSteps: "steps",
    denyTools: "deny",
    modelChain: collection === "handoffs" ? "handoff_model" : "model",
    toolName: "tool_name",
    params: "temperature",
    handoffPolicy: "handoff_policy",
    inheritParentPermissions: "inherit_parent_permissions",
  };
  const message = `${formatJsonPath(issue.path.slice(2))}: ${issue.message}`;
  if (collection === "agents" && typeof index === "number")
    return new MarkdownSpecError(ordered[index].fileName, fieldOf[String(key)] ?? String(key), message);
  if (collection === "handoffs" && typeof index === "number")
    return new MarkdownSpecError(ordered[index + 1].fileName, fieldOf[String(key)] ?? String(key), message);
  return new MarkdownSpecError(ordered[0].fileName, "graph", `${formatJsonPath(issue.path)}: ${issue.message}`);
}
