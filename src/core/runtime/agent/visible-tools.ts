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
  /** The definition the surface was computed for (external tool descriptions come from it). */
  readonly definition: RuntimeDefinition;
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

/** Runs without a tool runner share one cache slot. */
const NO_RUNNER: object = {};
/** Agent definition -> tool runner -> `role` + forceSync -> tools. Weak: a compiled definition's entries go with it. */
const cache = new WeakMap<AgentDefinition, WeakMap<object, Map<string, VisibleTools>>>();

/**
 * `computeVisibleTools`, computed once per compiled agent definition, tool
 * runner, role and `forceSync` and then shared by every run and session (the
 * result is read-only). A runner's `spec` answers are therefore read once per
 * runner object: a runner whose tool set changes must be replaced by a new one.
 */
export function visibleToolsFor(input: Parameters<typeof computeVisibleTools>[0]): VisibleTools {
  let byRunner = cache.get(input.agent);
  if (!byRunner) {
    byRunner = new WeakMap();
    cache.set(input.agent, byRunner);
  }
  const runnerKey = input.runner ?? NO_RUNNER;
  let byMode = byRunner.get(runnerKey);
  if (!byMode) {
    byMode = new Map();
    byRunner.set(runnerKey, byMode);
  }
  const key = input.forceSync ? `${input.role}:sync` : input.role;
  let tools = byMode.get(key);
  if (!tools || tools.definition !== input.definition) {
    tools = computeVisibleTools(input);
    byMode.set(key, tools);
  }
  return tools;
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

  return { specs, names: specs.map((spec) => spec.name), kinds, handoffs, definition };
}
