import {
  DEFINITION_VERSION,
  type AgentDefinition,
  type HandoffDefinition,
  type RuntimeDefinition,
} from "../../compiler/definition";
import {
  executionSchema,
  graphSettingsSchema,
  handoffPolicySchema,
  type Execution,
  type HandoffPolicy,
} from "../../graph/schema";
import type { ModelRef, ScriptTurn } from "../../models/model-ref";
import { scriptSchema } from "../../models/model-ref";
import { roleForDepth } from "../agent/role";

/**
 * Builds a RuntimeDefinition directly (no compiler) for focused runtime tests:
 * only what a test cares about is spelled out, everything else takes the
 * schema defaults. Depth and role are computed as the compiler would.
 */
export interface TestHandoff {
  to: string;
  toolName?: string;
  description?: string;
  sessionMode?: HandoffDefinition["sessionMode"];
  contextMode?: HandoffDefinition["contextMode"];
  forkMaxTokens?: number;
  workspaceMode?: HandoffDefinition["workspaceMode"];
  execution?: Partial<Execution>;
  label?: string;
  modelChain?: ModelRef[];
}

export interface TestAgent {
  name?: string;
  description?: string;
  instructions?: string;
  model?: ModelRef[];
  maxSteps?: number;
  maxTokens?: number;
  tools?: string[];
  denyRules?: string[];
  policy?: Partial<HandoffPolicy>;
  handoffs?: TestHandoff[];
}

export interface TestGraph {
  root: string;
  agents: Record<string, TestAgent>;
  maxSpawnDepth?: number;
  maxChildrenPerAgent?: number;
  parallelToolCalls?: boolean;
  budgets?: RuntimeDefinition["settings"]["budgets"];
  externalTools?: RuntimeDefinition["tools"];
}

export function defineGraph(graph: TestGraph): RuntimeDefinition {
  const defaults = graphSettingsSchema.parse({});
  const maxSpawnDepth = graph.maxSpawnDepth ?? defaults.maxSpawnDepth;
  const depths = new Map<string, number>([[graph.root, 0]]);
  const queue = [graph.root];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const h of graph.agents[id]?.handoffs ?? []) {
      if (!depths.has(h.to)) {
        depths.set(h.to, depths.get(id)! + 1);
        queue.push(h.to);
      }
    }
  }
  const agents: Record<string, AgentDefinition> = {};
  for (const [id, a] of Object.entries(graph.agents)) {
    const depth = depths.get(id) ?? 0;
    const role = roleForDepth(depth, maxSpawnDepth);
    agents[id] = {
      id,
      name: a.name ?? id,
      description: a.description ?? `The ${id} agent.`,
      instructions: a.instructions ?? `You are ${id}.`,
      depth,
      role,
      modelChain: a.model ?? [],
      params: a.maxTokens !== undefined ? { maxTokens: a.maxTokens } : {},
      maxSteps: a.maxSteps ?? 10,
      tools: a.tools ?? [],
      denyRules: a.denyRules ?? [],
      inheritParentPermissions: true,
      handoffPolicy: handoffPolicySchema.parse(a.policy ?? {}),
      handoffs: (a.handoffs ?? []).map((h, i) => {
        const child = graph.agents[h.to];
        return {
          edgeId: `${id}-${h.to}-${i}`,
          toolName: h.toolName ?? `subagent_${h.to.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`,
          childId: h.to,
          description: h.description ?? child?.description ?? `Delegate to ${h.to}.`,
          sessionMode: h.sessionMode ?? "NEW_SESSION",
          contextMode: h.contextMode ?? "isolated",
          forkMaxTokens: h.forkMaxTokens ?? 8000,
          workspaceMode: h.workspaceMode ?? "isolated",
          execution: executionSchema.parse(h.execution ?? {}),
          label: h.label ?? null,
          modelChain: h.modelChain ?? child?.model ?? [],
          generalPurpose: h.to === id,
        };
      }),
    };
  }
  return {
    definitionVersion: DEFINITION_VERSION,
    graphName: "test graph",
    rootAgentId: graph.root,
    settings: {
      maxSpawnDepth,
      maxChildrenPerAgent: graph.maxChildrenPerAgent ?? defaults.maxChildrenPerAgent,
      budgets: graph.budgets ?? {},
      parallelToolCalls: graph.parallelToolCalls ?? true,
    },
    agents,
    tools: graph.externalTools ?? [],
  };
}

/** A scripted chain entry from turns (input form: defaults filled by the schema). */
export function scripted(
  turns: unknown[],
  options: {
    model?: string;
    latencyMs?: number;
    retries?: number;
    whenExhausted?: unknown;
    rules?: unknown[];
    timeoutMillis?: number;
  } = {},
): ModelRef {
  return {
    provider: "scripted",
    model: options.model ?? "gpt-4o-mini",
    retries: options.retries ?? 0,
    timeoutMillis: options.timeoutMillis ?? 0,
    script: scriptSchema.parse({
      turns,
      rules: options.rules ?? [],
      latencyMs: options.latencyMs ?? 0,
      ...(options.whenExhausted ? { whenExhausted: options.whenExhausted } : {}),
    }),
  };
}

/** Turn helpers. */
export const say = (text: string, extra: Partial<ScriptTurn> = {}) => ({ kind: "text", text, ...extra });
export const call = (...calls: Array<[tool: string, args?: Record<string, unknown> | string]>) => ({
  kind: "tool_calls",
  calls: calls.map(([tool, args]) => ({ tool, args: args ?? {} })),
});
export const fail = (status: number | "timeout" | "network", message = "simulated provider error") => ({
  kind: "error",
  status,
  message,
});
