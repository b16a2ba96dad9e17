import type { CompiledEdge, GraphAnalysis } from "../compiler/analysis";
import type { AgentNode } from "../graph/schema";
import { checkPolicyAdmission } from "../runtime/handoff/admission";

/**
 * One way an agent can run: reached through `via` (null for the root) at
 * `depth`. The runtime keeps depth per branch, so one agent may run at several
 * depths (main → x and main → a → x), and what it may delegate depends on it.
 */
export interface RunState {
  agent: AgentNode;
  depth: number;
  /** The compiled edge that started this run (its model override applies); null for the root. */
  via: CompiledEdge | null;
  /** The run that made the handoff (first one found, for a readable path). */
  from: RunState | null;
  /** True when the runtime offers this run its handoff tools (main, or depth below maxSpawnDepth). */
  delegates: boolean;
  /** The runs this run may start: one per admitted handoff tool. */
  handoffs: RunState[];
}

/** A handoff tool offered to a run whose every call the parent's policy refuses at that depth. */
export interface DeniedHandoff {
  state: RunState;
  edge: CompiledEdge;
  /** The seed's reason, as the runtime words it (`handoff depth 3 exceeds maxDepth 2`). */
  reason: string;
}

/** Every run state the runtime can reach from the root, level by level. */
export interface RunStates {
  /** States by depth: `levels[d]` holds the runs at depth d (each (via, depth) once). */
  levels: RunState[][];
  /** Offered handoffs the parent's policy denies at that depth. */
  denied: DeniedHandoff[];
  /** Compiled edges of each parent id, in document order. */
  edgesOf: ReadonlyMap<string, readonly CompiledEdge[]>;
}

/**
 * Walks the graph the way the runtime admits handoffs: a run at depth d gets
 * its compiled handoff tools unless it is a leaf (d > 0 and d ≥ maxSpawnDepth),
 * and each call is admitted by the parent's policy at depth d + 1
 * (`checkPolicyAdmission`, the runtime's own function) and by maxSpawnDepth.
 * Depth never exceeds maxSpawnDepth (≤ 10), so this ends on cyclic drafts too,
 * with at most 11 × edges states.
 */
export function runStates(analysis: GraphAnalysis): RunStates {
  const edgesOf = new Map<string, CompiledEdge[]>();
  for (const compiled of analysis.compiled) {
    const list = edgesOf.get(compiled.parent.id);
    if (list) list.push(compiled);
    else edgesOf.set(compiled.parent.id, [compiled]);
  }
  const levels: RunState[][] = [];
  const denied: DeniedHandoff[] = [];
  if (analysis.rootId === null) return { levels, denied, edgesOf };
  const { maxSpawnDepth } = analysis.index.document.settings;
  const root = analysis.index.agents.get(analysis.rootId)!;
  levels.push([{ agent: root, depth: 0, via: null, from: null, delegates: true, handoffs: [] }]);
  for (let depth = 0; depth < levels.length; depth++) {
    const next: RunState[] = [];
    const byEdge = new Map<CompiledEdge, RunState>();
    for (const state of levels[depth]) {
      if (!state.delegates) continue;
      for (const edge of edgesOf.get(state.agent.id) ?? []) {
        const decision = checkPolicyAdmission(state.agent.handoffPolicy, edge.toolName, depth + 1);
        if (decision.type !== "admitted") {
          denied.push({ state, edge, reason: decision.reason });
          continue;
        }
        if (depth + 1 > maxSpawnDepth) continue;
        let child = byEdge.get(edge);
        if (!child) {
          child = {
            agent: edge.child,
            depth: depth + 1,
            via: edge,
            from: state,
            delegates: depth + 1 < maxSpawnDepth,
            handoffs: [],
          };
          byEdge.set(edge, child);
          next.push(child);
        }
        state.handoffs.push(child);
      }
    }
    if (next.length > 0) levels.push(next);
  }
  return { levels, denied, edgesOf };
}

/** `main → a → x`: the agent ids from the root to this run. */
export function pathOf(state: RunState): string {
  const ids: string[] = [];
  for (let at: RunState | null = state; at; at = at.from) ids.push(at.agent.id);
  return ids.reverse().join(" → ");
}
