/**
 * Builds the benchmark scenarios as graph documents, as a user would draw
 * them: every agent on the `scripted` provider, the root delegating through
 * handoff edges, and one non-built-in tool `add` that the bench's ToolRunner serves.
 */
import type { GraphDocumentInput } from "../../src/core/graph/schema";
import type { ScriptCall, ScenarioSpec, ScriptTurn } from "../lib/scripts";

export const ADD_TOOL_SPEC = {
  name: "add",
  description: "Adds two numbers.",
  parameters: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
    additionalProperties: false,
  },
};

export const handoffToolName = (child: string) => `subagent_${child}`;

type DocTurn = NonNullable<
  NonNullable<
    Extract<NonNullable<GraphDocumentInput["agents"][number]["modelChain"]>[number], { provider: "scripted" }>["script"]
  >["turns"]
>[number];

function toDocTurn(turn: ScriptTurn): DocTurn {
  if (turn.kind === "text") return { kind: "text", text: turn.text };
  return {
    kind: "tool_calls",
    calls: turn.calls.map((call: ScriptCall) =>
      call.kind === "add"
        ? { tool: "add", args: { a: call.a, b: call.b } }
        : { tool: handoffToolName(call.child), args: { task: call.task } },
    ),
  };
}

/**
 * `tuned`: the peers' fakes have no retries and no per-call timeout, so the
 * tuned variant drops both (`retries: 0, timeoutMillis: 0`). Otherwise the
 * model entries keep the schema defaults (1 retry, a 60 s deadline per model
 * call), as a graph drawn without touching those fields runs.
 */
const TUNED_MODEL_SETTINGS = { retries: 0, timeoutMillis: 0 };

export function scenarioDocument(spec: ScenarioSpec, latencyMs: number, tuned: boolean): GraphDocumentInput {
  const maxSteps = spec.expected.modelCalls + 5;
  return {
    schemaVersion: 1,
    name: `bench ${spec.name}`,
    rootAgentId: spec.rootId,
    settings: { maxSpawnDepth: 1, maxChildrenPerAgent: Math.max(5, spec.children.length), parallelToolCalls: true },
    tools: [{ name: "add", kind: "http", description: ADD_TOOL_SPEC.description }],
    agents: spec.agents.map((script) => ({
      id: script.id,
      name: script.id,
      description: `Benchmark agent ${script.id}.`,
      instructions: `You are ${script.id}.`,
      modelChain: [
        {
          provider: "scripted",
          model: "bench",
          ...(tuned ? TUNED_MODEL_SETTINGS : {}),
          script: { latencyMs, turns: script.turns.map(toDocTurn) },
        },
      ],
      maxSteps,
      tools: script.role === "child" || spec.children.length === 0 ? ["add"] : [],
    })),
    handoffs: spec.children.map((child) => ({
      id: `${spec.rootId}-${child}`,
      from: spec.rootId,
      to: child,
      toolName: handoffToolName(child),
    })),
  };
}
