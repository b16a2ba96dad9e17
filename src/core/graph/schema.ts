import { z } from "zod";
import { modelChainSchema } from "../models/model-ref";

/** Current version of the graph document format. */
export const GRAPH_SCHEMA_VERSION = 1 as const;

/** Ids of agents and edges: stable, readable, safe in URLs and file names. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "ids use letters, digits, _ and - and start with a letter or digit");

/** A tool name as the model sees it. */
export const toolNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "tool names use letters, digits, _ and -");

/** A deny rule: an exact tool name or a glob with `*` (e.g. `write_*`). */
export const denyRuleSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_*-]+$/, "deny rules are tool names, optionally with * wildcards");

export const positionSchema = z.strictObject({ x: z.number().finite(), y: z.number().finite() });

export const modelParamsSchema = z.strictObject({
  temperature: z.number().min(0).max(2).optional().describe("Sampling temperature (0-2)."),
  topP: z.number().gt(0).max(1).optional().describe("Nucleus sampling (0-1]."),
  maxTokens: z.number().int().min(1).max(1_000_000).optional().describe("Maximum output tokens per model call."),
});

export const failureActionSchema = z.enum(["FAIL", "FALLBACK_TO_PRIMARY"]);

export const redactRuleSchema = z.strictObject({
  pattern: z.string().min(1).max(1000).describe("Regular expression whose matches are replaced."),
  flags: z
    .string()
    .regex(/^[gimsu]*$/, "flags may only contain g, i, m, s, u")
    .default("g"),
  replacement: z.string().max(1000).default("[redacted]"),
});

/** Declarative input filter applied to a handoff's input before the child sees it. */
export const inputFilterSchema = z.strictObject({
  redact: z.array(redactRuleSchema).max(50).default([]),
  truncateChars: z.number().int().min(1).max(10_000_000).optional().describe("Cut the input to this many characters."),
  prepend: z.string().max(100_000).optional().describe("Text put before the input (e.g. policy reminders)."),
});

/** Per-parent handoff governance, with the defaults of AI4J's HandoffPolicy (seed 000 §10). */
export const handoffPolicySchema = z.strictObject({
  enabled: z.boolean().default(true),
  maxDepth: z.number().int().min(0).max(10).default(1),
  maxRetries: z.number().int().min(0).max(10).default(0),
  timeoutMillis: z.number().int().min(0).max(3_600_000).default(0),
  allowedTools: z.array(toolNameSchema).nullable().default(null),
  deniedTools: z.array(toolNameSchema).nullable().default(null),
  onDenied: failureActionSchema.default("FAIL"),
  onError: failureActionSchema.default("FAIL"),
  inputFilter: inputFilterSchema.nullable().default(null),
});

export const agentModeSchema = z.enum(["all", "primary", "subagent"]);

/** An agent node on the canvas. */
export const agentNodeSchema = z.strictObject({
  id: idSchema,
  name: z.string().min(1).max(200),
  description: z
    .string()
    .max(10_000)
    .default("")
    .describe("What a parent model reads to decide whether to delegate to this agent."),
  instructions: z.string().max(200_000).default("").describe("System prompt."),
  modelChain: modelChainSchema.default([]).describe("Ordered fallback chain; empty = inherit by the priority chain."),
  params: modelParamsSchema.default({}),
  maxSteps: z.number().int().min(1).max(1000).default(10),
  tools: z.array(toolNameSchema).max(500).default([]).describe("Allow-list of regular tools."),
  denyTools: z
    .array(denyRuleSchema)
    .max(500)
    .default([])
    .describe("Deny rules; passed to children that inherit permissions."),
  inheritParentPermissions: z.boolean().default(true),
  handoffPolicy: handoffPolicySchema.default(handoffPolicySchema.parse({})),
  hidden: z.boolean().default(false).describe("Hidden from the visible agent list (may still be delegated to)."),
  mode: agentModeSchema
    .default("all")
    .describe("primary agents cannot be delegated to; subagent agents cannot be the root."),
  position: positionSchema.default({ x: 0, y: 0 }),
});

export const sessionModeSchema = z.enum(["NEW_SESSION", "REUSE_SESSION"]);
export const contextModeSchema = z.enum(["isolated", "fork"]);
export const workspaceModeSchema = z.enum(["isolated", "shared"]);

export const executionSchema = z.strictObject({
  mode: z.enum(["sync", "background"]).default("sync"),
  timeoutSeconds: z.number().int().min(1).max(600).default(30).describe("Sync wait before onTimeout applies."),
  onTimeout: z.enum(["promote", "fail"]).default("promote"),
  modelChoosesMode: z
    .boolean()
    .default(false)
    .describe("Expose timeout_seconds to the parent model so it can choose sync (>0) or background (0)."),
});

/** A handoff edge: the parent may delegate to the child through a tool. */
export const handoffEdgeSchema = z.strictObject({
  id: idSchema,
  from: idSchema.describe("Parent agent id."),
  to: idSchema.describe("Child agent id."),
  toolName: toolNameSchema.optional().describe("Tool name override (default subagent_<normalized child name>)."),
  description: z.string().max(10_000).optional().describe("Overrides the child's description for this parent."),
  sessionMode: sessionModeSchema.default("NEW_SESSION"),
  contextMode: contextModeSchema.default("isolated"),
  forkMaxTokens: z.number().int().min(1).max(2_000_000).default(8000),
  workspaceMode: workspaceModeSchema.default("isolated"),
  execution: executionSchema.default(executionSchema.parse({})),
  label: z.string().max(200).optional(),
  modelChain: modelChainSchema.optional().describe("Model override for the child when called through this edge."),
  generalPurpose: z
    .boolean()
    .default(false)
    .describe("Allows a self-delegation edge (from = to): a general-purpose clone of the parent."),
});

export const budgetsSchema = z.strictObject({
  maxSteps: z.number().int().min(1).max(1_000_000).optional().describe("Model calls across the whole agent tree."),
  maxTokens: z.number().int().min(1).max(1_000_000_000).optional(),
  maxCostUsd: z.number().positive().max(1_000_000).optional(),
  maxWallSeconds: z.number().positive().max(86_400).optional(),
});

export const graphSettingsSchema = z.strictObject({
  defaultModelChain: modelChainSchema.default([]),
  defaultSubagentModelChain: modelChainSchema.default([]),
  maxSpawnDepth: z.number().int().min(0).max(10).default(1),
  maxChildrenPerAgent: z.number().int().min(1).max(100).default(5),
  budgets: budgetsSchema.default({}),
  parallelToolCalls: z.boolean().default(true),
});

/** A non-built-in tool the graph uses, referencing the workspace tool catalog. */
export const toolRefSchema = z.strictObject({
  name: toolNameSchema,
  kind: z.enum(["http", "mcp"]),
  catalogId: z.string().max(200).optional(),
  description: z.string().max(10_000).default(""),
});

export const graphDocumentSchema = z.strictObject({
  schemaVersion: z.literal(GRAPH_SCHEMA_VERSION),
  name: z.string().min(1).max(200),
  description: z.string().max(10_000).default(""),
  rootAgentId: idSchema.describe("The main agent (depth 0)."),
  settings: graphSettingsSchema.default(graphSettingsSchema.parse({})),
  tools: z.array(toolRefSchema).max(1000).default([]),
  agents: z.array(agentNodeSchema).max(5000),
  handoffs: z.array(handoffEdgeSchema).max(20_000).default([]),
  ui: z
    .strictObject({
      viewport: z.strictObject({ x: z.number(), y: z.number(), zoom: z.number().positive() }).optional(),
    })
    .optional(),
});

export type AgentNode = z.infer<typeof agentNodeSchema>;
export type HandoffEdge = z.infer<typeof handoffEdgeSchema>;
export type HandoffPolicy = z.infer<typeof handoffPolicySchema>;
export type InputFilter = z.infer<typeof inputFilterSchema>;
export type GraphSettings = z.infer<typeof graphSettingsSchema>;
export type Budgets = z.infer<typeof budgetsSchema>;
export type Execution = z.infer<typeof executionSchema>;
export type SessionMode = z.infer<typeof sessionModeSchema>;
export type ToolRef = z.infer<typeof toolRefSchema>;
/** A parsed graph document with every default filled in. */
export type GraphDocument = z.infer<typeof graphDocumentSchema>;
/** A graph document as written by a person (defaults optional). */
export type GraphDocumentInput = z.input<typeof graphDocumentSchema>;
