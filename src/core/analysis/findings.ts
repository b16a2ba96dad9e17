import type { CompiledEdge, GraphAnalysis } from "../compiler/analysis";
import { agentLabel } from "../compiler/graph-index";
import { agentModelChain } from "../compiler/model-chain";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../diagnostics/diagnostics";
import { handoffPolicySchema } from "../graph/schema";
import type { ModelChain } from "../models/model-ref";
import { pathOf, type RunStates } from "./run-states";

const chainText = (chain: ModelChain) => chain.map((m) => `${m.provider}:${m.model}`).join(", ");

const list = (ids: readonly string[], max = 10) =>
  ids.slice(0, max).map(q).join(", ") + (ids.length > max ? `, … (${ids.length} in all)` : "");

/**
 * (b) Agents that run with a single model: when it fails after its retries,
 * the agent fails. One finding per agent with its own one-model chain, one per
 * inherited default chain (listing the agents that inherit it), and one per
 * edge whose model override has one model.
 */
export function checkModelFallbacks(analysis: GraphAnalysis): Diagnostic[] {
  const { index, rootId, depth } = analysis;
  if (rootId === null) return [];
  const { settings } = index.document;
  const result: Diagnostic[] = [];
  const inherited = new Map<"defaultModelChain" | "defaultSubagentModelChain", string[]>();
  for (const id of depth.keys()) {
    const agent = index.agents.get(id)!;
    const chain = agentModelChain(agent, id === rootId, settings);
    if (chain.length !== 1) continue;
    if (agent.modelChain.length > 0) {
      result.push(
        diagnostic(
          "no_model_fallback",
          `agent ${agentLabel(index, id)} has no fallback model: its chain is only ${chainText(chain)}, so when that model keeps failing the agent fails — add a second model to its chain`,
          { nodeIds: [id] },
        ),
      );
      continue;
    }
    const source = chain === settings.defaultSubagentModelChain ? "defaultSubagentModelChain" : "defaultModelChain";
    const ids = inherited.get(source);
    if (ids) ids.push(id);
    else inherited.set(source, [id]);
  }
  for (const [source, ids] of inherited) {
    const chain = settings[source];
    const who = ids.length === 1 ? `agent ${list(ids)} inherits` : `${ids.length} agents (${list(ids)}) inherit`;
    result.push(
      diagnostic(
        "no_model_fallback",
        `${who} settings.${source}, which has no fallback model (only ${chainText(chain)}); add a second model to it in the graph settings`,
        { nodeIds: ids, path: `settings.${source}` },
      ),
    );
  }
  for (const { edge, child } of analysis.compiled) {
    if (edge.modelChain?.length !== 1) continue;
    result.push(
      diagnostic(
        "no_model_fallback",
        `handoff edge ${q(edge.id)} runs ${agentLabel(index, child.id)} with only ${chainText(edge.modelChain)} (its model override) and no fallback model; add a second model to the override`,
        { edgeIds: [edge.id], nodeIds: [child.id] },
      ),
    );
  }
  return result;
}

/**
 * (c) Handoff tools the runtime offers a run but the parent's policy refuses
 * at that run's depth, with the seed's reason. The runtime keeps depth per
 * branch, so an agent reached through a longer path (main → a → x) may see
 * its policy's maxDepth refuse what it allows at a shallower depth. Refusals
 * at every depth are the compiler's `policy_blocks_handoff` and are not repeated.
 */
export function checkDeniedHandoffs(analysis: GraphAnalysis, states: RunStates): Diagnostic[] {
  const offeredDepths = new Map<string, Set<number>>();
  for (const level of states.levels) {
    for (const state of level) {
      if (!state.delegates) continue;
      const set = offeredDepths.get(state.agent.id);
      if (set) set.add(state.depth);
      else offeredDepths.set(state.agent.id, new Set([state.depth]));
    }
  }
  const byEdge = new Map<CompiledEdge, RunStates["denied"]>();
  for (const denial of states.denied) {
    const found = byEdge.get(denial.edge);
    if (found) found.push(denial);
    else byEdge.set(denial.edge, [denial]);
  }
  const result: Diagnostic[] = [];
  for (const [edge, denials] of byEdge) {
    const deniedDepths = new Set(denials.map((d) => d.state.depth));
    if (deniedDepths.size === offeredDepths.get(edge.parent.id)?.size) continue;
    const first = denials[0];
    const fallback =
      edge.parent.handoffPolicy.onDenied === "FAIL"
        ? "the call fails"
        : "the call goes to the regular tool executor (FALLBACK_TO_PRIMARY)";
    result.push(
      diagnostic(
        "handoff_denied_at_depth",
        `when ${agentLabel(analysis.index, edge.parent.id)} runs at depth ${first.state.depth} (${pathOf(first.state)}), its handoff tool ${edge.toolName} (edge ${q(edge.edge.id)}) is offered but its handoff policy always refuses it: ${first.reason}; ${fallback} — raise the policy's maxDepth or remove the longer path`,
        { edgeIds: [edge.edge.id], nodeIds: [edge.parent.id] },
      ),
    );
  }
  return result;
}

const POLICY_DEFAULTS = handoffPolicySchema.parse({});

/**
 * (c) A disabled policy admits every handoff (seed 000: admission, input
 * filter, retries and fallback are skipped): any of those it still sets are
 * ignored, which is worth saying when the agent delegates.
 */
export function checkDisabledPolicies(analysis: GraphAnalysis, states: RunStates): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const [parentId, edges] of states.edgesOf) {
    const policy = edges[0].parent.handoffPolicy;
    if (policy.enabled) continue;
    const ignored = [
      policy.allowedTools !== null && "allowedTools",
      policy.deniedTools !== null && "deniedTools",
      policy.maxDepth !== POLICY_DEFAULTS.maxDepth && "maxDepth",
      policy.maxRetries !== POLICY_DEFAULTS.maxRetries && "maxRetries",
      policy.onDenied !== POLICY_DEFAULTS.onDenied && "onDenied",
      policy.onError !== POLICY_DEFAULTS.onError && "onError",
      policy.inputFilter !== null && "inputFilter",
    ].filter((field): field is string => field !== false);
    if (ignored.length === 0) continue;
    result.push(
      diagnostic(
        "handoff_policy_disabled",
        `the handoff policy of ${agentLabel(analysis.index, parentId)} is disabled, so its ${ignored.join(", ")} ${ignored.length === 1 ? "is" : "are"} ignored and every handoff is admitted (only maxSpawnDepth and maxChildrenPerAgent apply); enable the policy or clear those fields`,
        { nodeIds: [parentId] },
      ),
    );
  }
  return result;
}

/**
 * (d) Agents the depth limits hide: for each edge beyond the effective max
 * depth whose child no compiled path reaches, the agents behind it that never
 * run, and the depth the limits would need to reach them all through it.
 */
export function checkHiddenByDepth(analysis: GraphAnalysis): Diagnostic[] {
  const { index, depth } = analysis;
  const { maxSpawnDepth } = index.document.settings;
  const result: Diagnostic[] = [];
  for (const { edge, childDepth, limit } of analysis.exceeded) {
    if (depth.has(edge.to)) continue;
    const hidden = new Map<string, number>([[edge.to, childDepth]]);
    const queue = [edge.to];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head];
      for (const next of index.outgoing.get(at) ?? []) {
        if (depth.has(next.to) || hidden.has(next.to)) continue;
        hidden.set(next.to, hidden.get(at)! + 1);
        queue.push(next.to);
      }
    }
    const needed = Math.max(...hidden.values());
    const parents = [edge.from, ...[...hidden.keys()].filter((id) => (index.outgoing.get(id) ?? []).length > 0)];
    const tightPolicies = parents.filter((id) => {
      const policy = index.agents.get(id)!.handoffPolicy;
      return policy.enabled && policy.maxDepth < needed;
    });
    const fixes = [
      maxSpawnDepth < needed && `settings.maxSpawnDepth to ${needed} (it is ${maxSpawnDepth})`,
      tightPolicies.length > 0 && `the handoff policy maxDepth of ${list(tightPolicies)} to ${needed}`,
    ].filter((fix): fix is string => fix !== false);
    const ids = [...hidden.keys()];
    result.push(
      diagnostic(
        "depth_limit_hides_agents",
        `the depth limit on edge ${q(edge.id)} (${limit.reason}) keeps ${ids.length === 1 ? "agent" : `${ids.length} agents`} ${list(ids)} out of every run${fixes.length > 0 ? `; to run ${ids.length === 1 ? "it" : "them"} through this edge, raise ${fixes.join(" and ")}` : ""}`,
        { edgeIds: [edge.id], nodeIds: ids },
      ),
    );
  }
  return result;
}

/**
 * (e) Reused sessions and their callers. A REUSE_SESSION child's memory is
 * keyed by (conversation, parent path, tool name, label) — the parent's path
 * of agent ids, not its session. So:
 * - a parent that starts as a new session on each call (reached through a
 *   NEW_SESSION edge, or through two edges of one grandparent) shares one
 *   memory of the child across all its sessions: what the child learned for one
 *   task is visible to the next, and parallel calls wait for each other (warning);
 * - a child reused from two or more parents keeps one memory per caller,
 *   never shared between them (info: often not what the drawing suggests).
 */
export function checkReusedSessions(analysis: GraphAnalysis): Diagnostic[] {
  const { index, rootId } = analysis;
  const incoming = new Map<string, CompiledEdge[]>();
  for (const compiled of analysis.compiled) {
    if (compiled.edge.from === compiled.edge.to) continue;
    const found = incoming.get(compiled.child.id);
    if (found) found.push(compiled);
    else incoming.set(compiled.child.id, [compiled]);
  }
  const result: Diagnostic[] = [];
  const reusedBy = new Map<string, CompiledEdge[]>();
  for (const compiled of analysis.compiled) {
    const { edge, parent, child } = compiled;
    if (edge.sessionMode !== "REUSE_SESSION") continue;
    const found = reusedBy.get(child.id);
    if (found) found.push(compiled);
    else reusedBy.set(child.id, [compiled]);
    if (parent.id === rootId) continue;
    const callers = incoming.get(parent.id) ?? [];
    const fresh = callers.find((c) => c.edge.sessionMode === "NEW_SESSION");
    const twice = callers.find((c, i) => callers.some((o, j) => j !== i && o.parent.id === c.parent.id));
    const cause = fresh ?? twice;
    if (!cause) continue;
    const how = fresh
      ? `${agentLabel(index, parent.id)} starts as a new session on every call through edge ${q(fresh.edge.id)} (NEW_SESSION)`
      : `${agentLabel(index, parent.id)} runs as separate sessions through two edges of ${q(twice!.parent.id)}`;
    result.push(
      diagnostic(
        "reused_session_shared",
        `${agentLabel(index, child.id)} keeps one memory (REUSE_SESSION on edge ${q(edge.id)}) keyed by its parent's path, not its parent's session, and ${how}: all those sessions share ${q(child.id)}'s memory — one task's exchanges leak into the next and parallel calls wait for each other; use NEW_SESSION on ${q(edge.id)}, or REUSE_SESSION on ${q(cause.edge.id)}`,
        { edgeIds: [edge.id, cause.edge.id], nodeIds: [child.id, parent.id] },
      ),
    );
  }
  for (const [childId, edges] of reusedBy) {
    const parents = [...new Set(edges.map((e) => e.parent.id))];
    if (parents.length < 2) continue;
    result.push(
      diagnostic(
        "reused_session_per_parent",
        `${agentLabel(index, childId)} is reused (REUSE_SESSION) by ${parents.length} parents (${list(parents)}): each caller keeps its own memory of it (the key is the parent path, tool name and label), so nothing one parent tells it is seen by the others`,
        { nodeIds: [childId, ...parents], edgeIds: edges.map((e) => e.edge.id) },
      ),
    );
  }
  return result;
}
