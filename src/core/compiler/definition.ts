import { z } from "zod";
import {
  budgetsSchema,
  contextModeSchema,
  executionSchema,
  handoffPolicySchema,
  modelParamsSchema,
  sessionModeSchema,
  workspaceModeSchema,
} from "../graph/schema";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { modelChainSchema } from "../models/model-ref";

/** Version of the compiled runtime definition format (independent of the graph format). */
export const DEFINITION_VERSION = 1 as const;

export const agentRoleSchema = z.enum(["main", "orchestrator", "leaf"]);

/** A handoff as the runtime executes it: one tool on the parent. */
export const handoffDefinitionSchema = z.strictObject({
  edgeId: z.string(),
  toolName: z.string(),
  childId: z.string(),
  /** Text the parent model reads (edge override, else the child's description). */
  description: z.string(),
  sessionMode: sessionModeSchema,
  contextMode: contextModeSchema,
  forkMaxTokens: z.number().int(),
  workspaceMode: workspaceModeSchema,
  execution: executionSchema,
  label: z.string().nullable(),
  /** Effective child model chain through this edge (priority chain of SPEC §5.7); empty = environment default. */
  modelChain: modelChainSchema,
  generalPurpose: z.boolean(),
});

export const agentDefinitionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  /** Shortest depth from the root (main = 0). */
  depth: z.number().int(),
  role: agentRoleSchema,
  /** Effective chain when this agent runs as the root or without an edge override; empty = environment default. */
  modelChain: modelChainSchema,
  params: modelParamsSchema,
  maxSteps: z.number().int(),
  /** Effective regular tools: the allow-list minus own and inherited deny rules. */
  tools: z.array(z.string()),
  /** Deny rules in force for this agent (own + inherited); children inherit these. */
  denyRules: z.array(z.string()),
  inheritParentPermissions: z.boolean(),
  handoffPolicy: handoffPolicySchema,
  /** Handoff tools of this agent (empty for leaves). */
  handoffs: z.array(handoffDefinitionSchema),
});

export const runtimeDefinitionSchema = z.strictObject({
  definitionVersion: z.literal(DEFINITION_VERSION),
  graphName: z.string(),
  rootAgentId: z.string(),
  settings: z.strictObject({
    maxSpawnDepth: z.number().int(),
    maxChildrenPerAgent: z.number().int(),
    budgets: budgetsSchema,
    parallelToolCalls: z.boolean(),
  }),
  /** Agents reachable from the root, keyed by id. */
  agents: z.record(z.string(), agentDefinitionSchema),
  /** Non-built-in tools referenced by the graph. */
  tools: z.array(
    z.strictObject({
      name: z.string(),
      kind: z.enum(["http", "mcp"]),
      catalogId: z.string().nullable(),
      description: z.string(),
    }),
  ),
});

export type AgentRole = z.infer<typeof agentRoleSchema>;
export type HandoffDefinition = z.infer<typeof handoffDefinitionSchema>;
export type AgentDefinition = z.infer<typeof agentDefinitionSchema>;
export type RuntimeDefinition = z.infer<typeof runtimeDefinitionSchema>;

/** What `compile` returns. `definition` and `hash` are null when there are errors. */
export interface CompileResult {
  definition: RuntimeDefinition | null;
  /** Content hash of the definition (same document -> same hash). */
  hash: string | null;
  diagnostics: Diagnostic[];
}
