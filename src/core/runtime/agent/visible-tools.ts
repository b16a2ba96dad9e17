import type { AgentDefinition, AgentRole, HandoffDefinition, RuntimeDefinition } from "../../compiler/definition";
import type { ModelToolSpec } from "../../models/model-port";
import { isBuiltinTool } from "../../tools/builtin-tools";
import type { ToolKind } from "../events";
import type { ToolRunner } from "../ports";
import { TASK_TOOL_SPECS } from "../tasks/task-tool-schemas";
import { builtinTool } from "../tools/builtin-registry";
import { isDeniedByRules } from "../tools/permissions";

/** The tool surface of one agent session: what the model is offered and what the executor allows. */
export interface VisibleTools {
  readonly specs: readonly ModelToolSpec[];
  readonly names: readonly string[];
  readonly kinds: ReadonlyMap<string, ToolKind>;
  readonly handoffs: ReadonlyMap<string, HandoffDefinition>;
}

const HANDOFF_PARAMETERS: Record<string, unknown> = {
  type: "object",
  properties: {
    task: { type: "string", description: "The task for the sub-agent, self-contained." },
    context: { type: "string", description: "Optional background the sub-agent needs." },
  },
  required: ["task"],
};

const HANDOFF_PARAMETERS_WITH_TIMEOUT: Record<string, unknown> = {
  ...HANDOFF_PARAMETERS,
  properties: {
    ...(HANDOFF_PARAMETERS.properties as object),
    timeout_seconds: {
      type: "integer",
      minimum: 0,
      maximum: 600,
      description:
        "Seconds to wait for the result (default 30). 0 runs the sub-agent in the background and returns a task id.",
    },
  },
};

/** The tool a parent model sees for one handoff edge (seed 000 §5.2 + seed 002 timeout_seconds). */
export function handoffToolSpec(handoff: HandoffDefinition): ModelToolSpec {
  return {
    name: handoff.toolName,
    description: handoff.description,
    parameters: handoff.execution.modelChoosesMode ? HANDOFF_PARAMETERS_WITH_TIMEOUT : HANDOFF_PARAMETERS,
  };
}

/** Whether any handoff of `agent` can leave a running task behind (so task tools are relevant). */
export function canCreateTasks(agent: AgentDefinition, forceSync: boolean): boolean {
  if (forceSync) return false;
  return agent.handoffs.some(
    (h) => h.execution.mode === "background" || h.execution.modelChoosesMode || h.execution.onTimeout === "promote",
  );
}

/**
 * Regular tools (allow-list minus deny rules), then one tool per handoff and
 * the task tools — the last two only for main and orchestrator roles (seed 003:
 * leaves get no spawn or control tools).
 */
export function computeVisibleTools(input: {
  agent: AgentDefinition;
  role: AgentRole;
  definition: RuntimeDefinition;
  forceSync: boolean;
  runner: ToolRunner | undefined;
}): VisibleTools {
  const { agent, role, definition, runner } = input;
  const specs: ModelToolSpec[] = [];
  const kinds = new Map<string, ToolKind>();
  const handoffs = new Map<string, HandoffDefinition>();
  const add = (spec: ModelToolSpec, kind: ToolKind) => {
    if (kinds.has(spec.name)) return;
    specs.push(spec);
    kinds.set(spec.name, kind);
  };

  for (const name of agent.tools) {
    if (isDeniedByRules(agent.denyRules, name)) continue;
    if (isBuiltinTool(name)) {
      add(builtinTool(name)!.spec, "builtin");
      continue;
    }
    const fromRunner = runner?.spec(name) ?? null;
    const ref = definition.tools.find((tool) => tool.name === name);
    if (fromRunner) add(fromRunner, "external");
    else if (ref) add({ name, description: ref.description, parameters: { type: "object" } }, "external");
  }

  if (role !== "leaf") {
    for (const handoff of agent.handoffs) {
      add(handoffToolSpec(handoff), "handoff");
      handoffs.set(handoff.toolName, handoff);
    }
    if (agent.handoffs.length > 0 && canCreateTasks(agent, input.forceSync)) {
      for (const spec of TASK_TOOL_SPECS) if (!isDeniedByRules(agent.denyRules, spec.name)) add(spec, "task");
    }
  }

  return { specs, names: specs.map((spec) => spec.name), kinds, handoffs };
}
