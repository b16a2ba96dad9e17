import { z } from "zod";
import {
  agentModeSchema,
  agentNodeSchema,
  contextModeSchema,
  executionSchema,
  graphSettingsSchema,
  handoffEdgeSchema,
  handoffPolicySchema,
  modelParamsSchema,
  toolRefSchema,
  workspaceModeSchema,
} from "../schema";

/** A list, or the comma-separated string Claude Code uses (`tools: Read, Grep`). */
const listOrCommaString = z.union([z.string(), z.array(z.string())]);

/**
 * The agent's own fields. Names follow seed 002 (snake_case, `steps`,
 * `top_p`) and Claude Code (`name`, `description`, `tools`, `model`); limits
 * come from the graph schema so both formats accept the same values.
 */
const agentFields = {
  name: agentNodeSchema.shape.name.optional().describe("Display name (the file name is the id)."),
  description: z.string().max(10_000).optional(),
  model: z.unknown().optional().describe('"provider:model", an alias, or a list for a fallback chain.'),
  tools: listOrCommaString.optional(),
  deny: listOrCommaString.optional(),
  steps: agentNodeSchema.shape.maxSteps.unwrap().optional(),
  temperature: modelParamsSchema.shape.temperature,
  top_p: modelParamsSchema.shape.topP,
  max_tokens: modelParamsSchema.shape.maxTokens,
  hidden: z.boolean().optional(),
  mode: agentModeSchema.optional(),
  inherit_parent_permissions: z.boolean().optional(),
  handoff_policy: handoffPolicySchema
    .partial()
    .optional()
    .describe("Handoff policy of this agent, with the JSON field names."),
};

/** Fields of the main agent's handoff to this agent (non-root files only). */
const handoffFields = {
  tool_name: handoffEdgeSchema.shape.toolName,
  handoff_description: handoffEdgeSchema.shape.description,
  handoff_model: z.unknown().optional(),
  label: handoffEdgeSchema.shape.label,
  session: z
    .string()
    .transform((s) =>
      s
        .trim()
        .toUpperCase()
        .replace(/^(NEW|REUSE)$/, "$1_SESSION"),
    )
    .pipe(z.enum(["NEW_SESSION", "REUSE_SESSION"]))
    .optional(),
  context: contextModeSchema.optional(),
  fork_max_tokens: handoffEdgeSchema.shape.forkMaxTokens.unwrap().optional(),
  workspace: z.strictObject({ mode: workspaceModeSchema.optional(), path: z.string().optional() }).optional(),
  execution: executionSchema.shape.mode.unwrap().optional(),
  timeout_seconds: z.number().int().min(0).max(600).optional().describe("0 = background, as in seed 002."),
  on_timeout: executionSchema.shape.onTimeout.unwrap().optional(),
  model_chooses_mode: z.boolean().optional(),
};

/** Fields only the main agent's file may carry (ours). */
const rootFields = {
  root: z.boolean().optional().describe("Marks the main agent when its file is not main.md."),
  graph: z
    .strictObject({
      name: z.string().min(1).max(200).optional(),
      description: z.string().max(10_000).optional(),
      settings: graphSettingsSchema.partial().optional(),
      tools: z.array(toolRefSchema).optional(),
    })
    .optional(),
};

/** Every field a spec may have; unknown fields are errors, so typos never pass silently. */
export const frontMatterSchema = z.strictObject({ ...agentFields, ...handoffFields, ...rootFields });
export type FrontMatter = z.infer<typeof frontMatterSchema>;

export const HANDOFF_FIELDS = Object.keys(handoffFields) as (keyof typeof handoffFields)[];
export const ROOT_FIELDS = Object.keys(rootFields) as (keyof typeof rootFields)[];

/**
 * Fields other tools write that have no meaning here: accepted, dropped, and
 * reported as warnings (seed 002's `expose_to_user` and pending-tool
 * recovery; Claude Code's `color`).
 */
export const IGNORED_FIELDS: Readonly<Record<string, string>> = {
  expose_to_user: "exposing sub-agents to the user is not supported",
  enable_pending_tool_recovery: "pending tool recovery is not configurable here",
  enablePendingToolRecovery: "pending tool recovery is not configurable here",
  color: "colours are not used",
};
