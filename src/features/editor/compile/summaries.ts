import {
  agentModelChain,
  defaultHandoffToolName,
  effectiveTools,
  type AgentRole,
  type CompileResult,
  type Diagnostic,
  type GraphAnalysis,
} from "@/core/compiler";
import type { AgentNode, GraphDocument, HandoffPolicy } from "@/core/graph/schema";

/** What an agent node shows, worked out from the document and the browser-side compile. */
export interface AgentSummary {
  /** The compiler's role; `unreachable` when no path leads to it from the root. */
  role: AgentRole | "unreachable";
  isRoot: boolean;
  /** First model of the effective chain (`provider/model`), null = environment default. */
  firstModel: string | null;
  chainLength: number;
  /** True when the chain comes from the graph defaults rather than the agent itself. */
  chainInherited: boolean;
  toolCount: number;
  /** Handoffs leaving this agent. */
  handoffCount: number;
  /** One line about the handoff policy, null when it has nothing to say (a leaf with defaults). */
  policy: string | null;
  errors: number;
  warnings: number;
}

/** What a handoff edge shows. */
export interface EdgeSummary {
  toolName: string;
  mode: "sync" | "background";
  sessionMode: "NEW_SESSION" | "REUSE_SESSION";
  errors: number;
  warnings: number;
}

export interface Summaries {
  agents: ReadonlyMap<string, AgentSummary>;
  edges: ReadonlyMap<string, EdgeSummary>;
}

export const EMPTY_SUMMARIES: Summaries = { agents: new Map(), edges: new Map() };

export interface ProblemCount {
  errors: number;
  warnings: number;
}

/** Error and warning counts per agent id and per edge id. */
export interface ProblemCounts {
  nodes: ReadonlyMap<string, ProblemCount>;
  edges: ReadonlyMap<string, ProblemCount>;
}

/** Error and warning counts per agent id and per edge id (infos are not problems). */
export function countProblems(diagnostics: readonly Diagnostic[]): ProblemCounts {
  const nodes = new Map<string, ProblemCount>();
  const edges = new Map<string, ProblemCount>();
  const bump = (map: Map<string, ProblemCount>, id: string, severity: Diagnostic["severity"]) => {
    if (severity === "info") return;
    const count = map.get(id) ?? { errors: 0, warnings: 0 };
    if (severity === "error") count.errors++;
    else count.warnings++;
    map.set(id, count);
  };
  for (const diagnostic of diagnostics) {
    for (const id of diagnostic.nodeIds) bump(nodes, id, diagnostic.severity);
    for (const id of diagnostic.edgeIds) bump(edges, id, diagnostic.severity);
  }
  return { nodes, edges };
}

/**
 * Counts keyed `agent:<id>` / `edge:<id>` (as the problems panel's
 * `problemsByTarget` gives them, static-analysis findings included) as ProblemCounts.
 */
export function problemCountsFromTargets(targets: ReadonlyMap<string, ProblemCount>): ProblemCounts {
  const nodes = new Map<string, ProblemCount>();
  const edges = new Map<string, ProblemCount>();
  for (const [key, count] of targets) {
    if (key.startsWith("agent:")) nodes.set(key.slice("agent:".length), count);
    else if (key.startsWith("edge:")) edges.set(key.slice("edge:".length), count);
  }
  return { nodes, edges };
}

/** "depth 2 · 1 retry · 2 allowed · filter", or "handoffs off". */
export function policySummary(policy: HandoffPolicy, hasHandoffs: boolean): string | null {
  if (!policy.enabled) return "handoffs off";
  if (!hasHandoffs) return null;
  const parts = [`depth ${policy.maxDepth}`];
  if (policy.maxRetries > 0) parts.push(policy.maxRetries === 1 ? "1 retry" : `${policy.maxRetries} retries`);
  if (policy.timeoutMillis > 0) parts.push(`${Math.round(policy.timeoutMillis / 100) / 10}s`);
  if (policy.allowedTools) parts.push(`${policy.allowedTools.length} allowed`);
  if (policy.deniedTools && policy.deniedTools.length > 0) parts.push(`${policy.deniedTools.length} denied`);
  if (policy.inputFilter) parts.push("filter");
  return parts.join(" · ");
}

function modelLabel(chain: AgentNode["modelChain"]): string | null {
  const first = chain[0];
  return first ? `${first.provider}/${first.model}` : null;
}

function sameSummary<T extends object>(a: T | undefined, b: T): boolean {
  if (!a) return false;
  for (const key of Object.keys(b) as (keyof T)[]) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Summaries of every agent and edge. Unchanged summaries keep the identity
 * they had in `previous`, so a node re-renders only when what it shows changed.
 */
export function summarize(
  document: GraphDocument,
  analysis: GraphAnalysis,
  compiled: CompileResult,
  previous: Summaries = EMPTY_SUMMARIES,
  problems: ProblemCounts = countProblems(compiled.diagnostics),
): Summaries {
  const outgoing = new Map<string, number>();
  for (const edge of document.handoffs) outgoing.set(edge.from, (outgoing.get(edge.from) ?? 0) + 1);

  const agents = new Map<string, AgentSummary>();
  for (const agent of document.agents) {
    const isRoot = agent.id === document.rootAgentId;
    const chain = agentModelChain(agent, isRoot, document.settings);
    const definition = compiled.definition?.agents[agent.id];
    const handoffCount = outgoing.get(agent.id) ?? 0;
    const problem = problems.nodes.get(agent.id);
    const summary: AgentSummary = {
      role: analysis.roles.get(agent.id) ?? "unreachable",
      isRoot,
      firstModel: modelLabel(chain),
      chainLength: chain.length,
      chainInherited: agent.modelChain.length === 0 && chain.length > 0,
      toolCount: definition ? definition.tools.length : effectiveTools(agent.tools, agent.denyTools).length,
      handoffCount,
      policy: policySummary(agent.handoffPolicy, handoffCount > 0),
      errors: problem?.errors ?? 0,
      warnings: problem?.warnings ?? 0,
    };
    const before = previous.agents.get(agent.id);
    agents.set(agent.id, before && sameSummary(before, summary) ? before : summary);
  }

  const toolNames = new Map(analysis.compiled.map((edge) => [edge.edge.id, edge.toolName]));
  const edges = new Map<string, EdgeSummary>();
  for (const edge of document.handoffs) {
    const child = analysis.index.agents.get(edge.to);
    const problem = problems.edges.get(edge.id);
    const summary: EdgeSummary = {
      toolName: toolNames.get(edge.id) ?? edge.toolName ?? fallbackToolName(child),
      mode: edge.execution.mode,
      sessionMode: edge.sessionMode,
      errors: problem?.errors ?? 0,
      warnings: problem?.warnings ?? 0,
    };
    const before = previous.edges.get(edge.id);
    edges.set(edge.id, before && sameSummary(before, summary) ? before : summary);
  }
  return { agents, edges };
}

function fallbackToolName(child: AgentNode | undefined): string {
  return child ? defaultHandoffToolName(child.name, child.id) : "subagent_?";
}
