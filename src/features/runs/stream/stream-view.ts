import {
  childrenOf,
  promptOf,
  rootSpan,
  type TraceSpan,
  type TraceSpanOfKind,
  type TraceState,
  type TraceTotals,
} from "@/core/trace";

/**
 * The playground's reading of a run's span tree: each agent as a list of
 * blocks in the order they happened — its streamed text, its tool calls, its
 * delegations (with the child agent's own blocks nested inside), background
 * task chips, announces and model errors worded for a person. Pure; built
 * from `TraceState` (the core's reducer) so it never re-implements the
 * runtime's rules, only arranges them.
 */

export interface AgentView {
  readonly spanId: string;
  readonly agentId: string;
  readonly name: string;
  /** The agent path, e.g. `lead/web-researcher` (the root: its id). */
  readonly path: string;
  readonly depth: number;
  readonly status: string;
  readonly error: string | null;
  readonly input: string;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly durationMillis: number | null;
  readonly totals: TraceTotals;
  /**
   * Messages the agent's session already held when this run of it began (a
   * reused session's or the conversation's memory): the non-system messages
   * of its first prompt before the new input. Null before its first model call.
   */
  readonly memory: number | null;
  readonly blocks: readonly StreamBlock[];
}

export interface TaskView {
  readonly spanId: string;
  readonly taskId: string;
  /** `running` while pending, then completed / failed / timeout / cancelled. */
  readonly status: string;
  readonly reason: "background" | "promoted";
  /** True once an ANNOUNCE delivered its result to the owner. */
  readonly announced: boolean;
  readonly error: string | null;
  readonly durationMillis: number | null;
}

export interface DelegationView {
  readonly kind: "delegation";
  readonly id: string;
  /** The child's agent path, e.g. `lead/web-researcher`. */
  readonly path: string;
  readonly parentPath: string;
  readonly tool: string;
  readonly subagent: string;
  /** The handoff's status (`accepted` for a background one: its task says the rest). */
  readonly status: string;
  readonly sessionMode: string;
  readonly attempts: number | null;
  readonly durationMillis: number | null;
  readonly error: string | null;
  readonly startedAt: number;
  /** When the delegation's work ended (a background one: its task's end); null while running. */
  readonly endedAt: number | null;
  /** One agent run per attempt (retries start a fresh attempt). */
  readonly agents: readonly AgentView[];
  readonly task: TaskView | null;
  readonly totals: TraceTotals;
}

export type StreamBlock =
  | {
      readonly kind: "text";
      readonly id: string;
      readonly text: string;
      readonly streaming: boolean;
      readonly provider: string;
      readonly model: string;
    }
  | {
      readonly kind: "model-error";
      readonly id: string;
      readonly agentPath: string;
      readonly provider: string;
      readonly model: string;
      readonly attempt: number;
      readonly message: string;
      /** What the runtime did next. */
      readonly next: "retry" | "fallback" | "none";
      /** The model of the following attempt (a fallback's target). */
      readonly nextModel: string | null;
    }
  | {
      readonly kind: "tool";
      readonly id: string;
      readonly tool: string;
      readonly arguments: string;
      readonly output: string | null;
      readonly status: string;
      readonly durationMillis: number | null;
    }
  | DelegationView
  | { readonly kind: "parallel"; readonly id: string; readonly items: readonly DelegationView[] }
  | {
      readonly kind: "announce";
      readonly id: string;
      readonly taskIds: readonly string[];
      /** The agent path that ran each announced task (same order as `taskIds`). */
      readonly paths: readonly string[];
      readonly text: string;
    }
  | {
      readonly kind: "budget";
      readonly id: string;
      readonly budget: string;
      readonly limit: number;
      readonly used: number;
    };

export interface RunStreamView {
  /** Null until RUN_START arrived. */
  readonly root: AgentView | null;
  readonly status: string | null;
  readonly output: string | null;
  readonly error: string | null;
  readonly totals: TraceTotals | null;
  readonly startedAt: number | null;
  readonly durationMillis: number | null;
  /** Every model the run called, as `provider/model`, in first-use order. */
  readonly models: readonly string[];
  /** Every agent path that ran, with its latest status (for the canvas and tests). */
  readonly agents: ReadonlyMap<string, string>;
}

/** The view of a trace as far as its events have arrived. */
export function buildStreamView(trace: TraceState): RunStreamView {
  const run = rootSpan(trace);
  if (!run || run.kind !== "RUN") {
    return {
      root: null,
      status: null,
      output: null,
      error: null,
      totals: null,
      startedAt: null,
      durationMillis: null,
      models: [],
      agents: new Map(),
    };
  }
  const announced = new Set<string>();
  const taskPaths = new Map<string, string>();
  const models: string[] = [];
  for (const span of trace.spans.values()) {
    if (span.kind === "TASK") {
      const handoff = span.parentId === null ? undefined : trace.spans.get(span.parentId);
      if (handoff?.kind === "HANDOFF")
        taskPaths.set(span.start.taskId, `${handoff.source ?? run.start.rootAgentId}/${handoff.start.subagent}`);
    }
    if (span.kind === "MODEL_CALL") {
      const label = `${span.start.provider}/${span.start.model}`;
      if (!models.includes(label)) models.push(label);
    }
    for (const point of span.points) if (point.type === "ANNOUNCE") for (const id of point.taskIds) announced.add(id);
  }
  const agents = new Map<string, string>();
  const context: Context = { trace, announced, taskPaths, rootAgentId: run.start.rootAgentId, agents };
  const rootAgent = childrenOf(trace, run).find((span) => span.kind === "AGENT");
  const root = rootAgent?.kind === "AGENT" ? agentView(context, rootAgent) : null;
  return {
    root,
    status: run.status,
    output: run.end?.output ?? null,
    error: run.end?.error ?? null,
    totals: run.totals,
    startedAt: run.startedAt,
    durationMillis: run.durationMillis,
    models,
    agents,
  };
}

interface Context {
  readonly trace: TraceState;
  readonly announced: ReadonlySet<string>;
  readonly taskPaths: ReadonlyMap<string, string>;
  readonly rootAgentId: string;
  readonly agents: Map<string, string>;
}

function agentView(context: Context, span: TraceSpanOfKind<"AGENT">): AgentView {
  const path = span.source ?? span.start.agentId;
  context.agents.set(path, span.status);
  return {
    spanId: span.id,
    agentId: span.start.agentId,
    name: span.start.agentName,
    path,
    depth: span.start.depth,
    status: span.status,
    error: span.error,
    input: span.start.input,
    startedAt: span.startedAt,
    endedAt: span.endedAt,
    durationMillis: span.durationMillis,
    totals: span.totals,
    memory: memoryOf(context.trace, span),
    blocks: agentBlocks(context, span, path),
  };
}

function memoryOf(trace: TraceState, agent: TraceSpanOfKind<"AGENT">): number | null {
  const first = childrenOf(trace, agent).find((child) => child.kind === "MODEL_CALL");
  if (!first) return null;
  try {
    const prompt = promptOf(trace, first.id);
    return Math.max(0, prompt.filter((message) => message.role !== "system").length - 1);
  } catch {
    // A prompt the trace cannot rebuild (a partial stream): memory unknown.
    return null;
  }
}

/** The agent's children and points merged in event order, then tool batches grouped. */
function agentBlocks(context: Context, agent: TraceSpanOfKind<"AGENT">, path: string): StreamBlock[] {
  const children = childrenOf(context.trace, agent);
  const items: Array<{ seq: number; block: StreamBlock | null; batchable: boolean }> = [];
  children.forEach((child, index) => {
    if (child.kind === "MODEL_CALL") {
      for (const block of modelBlocks(child, children, index, path))
        items.push({ seq: child.start.seq, block, batchable: false });
      // A model call separates one turn's tool batch from the next.
      items.push({ seq: child.start.seq, block: null, batchable: false });
    } else if (child.kind === "TOOL_CALL") {
      items.push({ seq: child.start.seq, block: toolBlock(context, child, path), batchable: true });
    }
  });
  for (const point of agent.points) {
    if (point.type === "ANNOUNCE")
      items.push({
        seq: point.seq,
        block: {
          kind: "announce",
          id: `announce-${point.seq}`,
          taskIds: point.taskIds,
          paths: point.taskIds.map((id) => context.taskPaths.get(id) ?? id),
          text: point.text,
        },
        batchable: false,
      });
    else if (point.type === "BUDGET_EXCEEDED")
      items.push({
        seq: point.seq,
        block: {
          kind: "budget",
          id: `budget-${point.seq}`,
          budget: point.budget,
          limit: point.limit,
          used: point.used,
        },
        batchable: false,
      });
  }
  items.sort((a, b) => a.seq - b.seq);

  const blocks: StreamBlock[] = [];
  let batch: DelegationView[] = [];
  const flush = () => {
    for (const group of groupOverlapping(batch)) {
      if (group.length > 1) blocks.push({ kind: "parallel", id: `parallel-${group[0].id}`, items: group });
      else blocks.push(group[0]);
    }
    batch = [];
  };
  for (const item of items) {
    if (item.block?.kind === "delegation" && item.batchable) {
      batch.push(item.block);
      continue;
    }
    if (!item.batchable) flush();
    if (item.block) blocks.push(item.block);
  }
  flush();
  return blocks;
}

function modelBlocks(
  call: TraceSpanOfKind<"MODEL_CALL">,
  siblings: readonly TraceSpan[],
  index: number,
  agentPath: string,
): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  const text = call.end?.text || call.streamedText;
  if (text.trim() !== "")
    blocks.push({
      kind: "text",
      id: call.id,
      text,
      streaming: call.end === null,
      provider: call.start.provider,
      model: call.start.model,
    });
  const error = call.end?.error;
  if (call.end && error && error.kind !== "aborted") {
    const following = siblings.slice(index + 1).find((span) => span.kind === "MODEL_CALL");
    blocks.push({
      kind: "model-error",
      id: `${call.id}-error`,
      agentPath,
      provider: call.start.provider,
      model: call.start.model,
      attempt: call.start.attempt,
      message: error.message,
      next: call.end.willRetry ? "retry" : call.end.willFallback ? "fallback" : "none",
      nextModel: following?.kind === "MODEL_CALL" ? following.start.model : null,
    });
  }
  return blocks;
}

function toolBlock(context: Context, call: TraceSpanOfKind<"TOOL_CALL">, agentPath: string): StreamBlock {
  const handoff = childrenOf(context.trace, call).find((span) => span.kind === "HANDOFF");
  if (handoff?.kind === "HANDOFF") return delegationView(context, handoff, agentPath);
  return {
    kind: "tool",
    id: call.id,
    tool: call.start.tool,
    arguments: call.start.arguments,
    output: call.end?.output ?? null,
    status: call.status,
    durationMillis: call.durationMillis,
  };
}

function delegationView(context: Context, handoff: TraceSpanOfKind<"HANDOFF">, parentPath: string): DelegationView {
  const children = childrenOf(context.trace, handoff);
  const agents = children.flatMap((child) => (child.kind === "AGENT" ? [agentView(context, child)] : []));
  const taskSpan = children.find((child) => child.kind === "TASK");
  const task: TaskView | null =
    taskSpan?.kind === "TASK"
      ? {
          spanId: taskSpan.id,
          taskId: taskSpan.start.taskId,
          status: taskSpan.status,
          reason: taskSpan.start.reason,
          announced: context.announced.has(taskSpan.start.taskId),
          error: taskSpan.error,
          durationMillis: taskSpan.durationMillis,
        }
      : null;
  const path = `${parentPath}/${handoff.start.subagent}`;
  if (agents.length === 0) context.agents.set(path, handoff.status);
  const lastAgent = agents.at(-1);
  const endedAt =
    task !== null
      ? taskSpan!.endedAt
      : handoff.endedAt === null
        ? null
        : Math.max(handoff.endedAt, lastAgent?.endedAt ?? handoff.endedAt);
  return {
    kind: "delegation",
    id: handoff.id,
    path,
    parentPath,
    tool: handoff.start.tool,
    subagent: handoff.start.subagent,
    status: handoff.status,
    sessionMode: handoff.start.sessionMode,
    attempts: handoff.attempts,
    durationMillis: handoff.durationMillis,
    error: handoff.error,
    startedAt: handoff.startedAt,
    endedAt,
    agents,
    task,
    totals: handoff.totals,
  };
}

/** Splits one turn's delegations into runs of time-overlapping ones (parallel children), keeping their order. */
export function groupOverlapping<T extends { startedAt: number; endedAt: number | null }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let currentEnd = -Infinity;
  for (const item of items) {
    if (current.length > 0 && item.startedAt < currentEnd) {
      current.push(item);
    } else {
      if (current.length > 0) groups.push(current);
      current = [item];
      currentEnd = -Infinity;
    }
    currentEnd = Math.max(currentEnd, item.endedAt ?? Infinity);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** "lead/web-researcher" → "Web researcher"-free form: the last path segment. */
export function lastSegment(path: string): string {
  return path.split("/").at(-1) ?? path;
}
