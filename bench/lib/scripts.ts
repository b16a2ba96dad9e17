/**
 * The logical work every runtime does, defined once. Each runtime's fake model
 * asks `turnFor(script, toolResultsSeen)` what to answer, so the decision is
 * stateless (safe under 1,000 concurrent runs) and identical everywhere.
 */

/** A tool call in runtime-neutral form; `delegate` targets a child agent by logical id. */
export type ScriptCall = { kind: "add"; a: number; b: number } | { kind: "delegate"; child: string; task: string };

export type ScriptTurn = { kind: "tools"; calls: ScriptCall[] } | { kind: "text"; text: string };

export interface AgentScript {
  /** Logical agent id (`solo`, `parent`, `c1`…). */
  id: string;
  /** `child` agents are reached by delegation; their first model call counts one handoff. */
  role: "root" | "child";
  turns: ScriptTurn[];
}

/** A scenario as every runtime builds it: agents, who delegates to whom, and the expected counts per run. */
export interface ScenarioSpec {
  name: "step" | "handoff";
  rootId: string;
  agents: AgentScript[];
  /** Logical ids of the root's children (empty for the step scenario). */
  children: string[];
  expected: Counts;
  /** Model calls on the critical path (sequential model turns a run must wait for). */
  criticalPathCalls: number;
}

export interface Counts {
  modelCalls: number;
  toolCalls: number;
  handoffs: number;
}

/** Picks the turn for a model call from how many tool results the agent's transcript holds. */
export function turnFor(script: AgentScript, toolResultsSeen: number): ScriptTurn {
  let cumulative = 0;
  for (const turn of script.turns) {
    if (cumulative === toolResultsSeen) return turn;
    if (turn.kind === "tools") cumulative += turn.calls.length;
    if (cumulative > toolResultsSeen) break;
  }
  throw new Error(`script ${script.id}: no turn after ${toolResultsSeen} tool results (harness bug)`);
}

const addTurn = (i: number): ScriptTurn => ({ kind: "tools", calls: [{ kind: "add", a: i, b: 1 }] });

/** Scenario 1: one agent, `steps` model turns each with one `add` call, then a final answer. */
export function stepScenario(steps = 20): ScenarioSpec {
  const turns: ScriptTurn[] = Array.from({ length: steps }, (_, i) => addTurn(i));
  turns.push({ kind: "text", text: "done" });
  return {
    name: "step",
    rootId: "solo",
    agents: [{ id: "solo", role: "root", turns }],
    children: [],
    expected: { modelCalls: steps + 1, toolCalls: steps, handoffs: 0 },
    criticalPathCalls: steps + 1,
  };
}

/** Scenario 2: a parent delegates to `childCount` children in one turn (parallel); each child does `childToolTurns` add turns and answers. */
export function handoffScenario(childCount = 3, childToolTurns = 2): ScenarioSpec {
  const children = Array.from({ length: childCount }, (_, i) => `c${i + 1}`);
  const childTurns: ScriptTurn[] = Array.from({ length: childToolTurns }, (_, i) => addTurn(i));
  childTurns.push({ kind: "text", text: "child done" });
  return {
    name: "handoff",
    rootId: "parent",
    agents: [
      {
        id: "parent",
        role: "root",
        turns: [
          { kind: "tools", calls: children.map((child) => ({ kind: "delegate", child, task: `part ${child}` })) },
          { kind: "text", text: "all parts done" },
        ],
      },
      ...children.map((id): AgentScript => ({ id, role: "child", turns: childTurns })),
    ],
    children,
    expected: {
      modelCalls: 2 + childCount * (childToolTurns + 1),
      toolCalls: childCount * childToolTurns,
      handoffs: childCount,
    },
    criticalPathCalls: 1 + (childToolTurns + 1) + 1,
  };
}

export function scenarioByName(name: string): ScenarioSpec {
  if (name === "step") return stepScenario();
  if (name === "handoff") return handoffScenario();
  throw new Error(`unknown scenario ${name}`);
}

/**
 * Records one model call in a fake: counts it, and counts a handoff when a
 * child agent starts (its first call, with no tool results yet).
 */
export function recordModelCall(counters: Counts, script: AgentScript, toolResultsSeen: number): void {
  counters.modelCalls++;
  if (script.role === "child" && toolResultsSeen === 0) counters.handoffs++;
}

/** The one tiny tool every runtime exposes. */
export function add(a: number, b: number): number {
  return a + b;
}
