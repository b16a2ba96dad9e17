/**
 * The trace view's model: pure functions from a run's span tree (`buildTrace`
 * of its events, `@/core/trace`) to what the three views draw — tree rows,
 * waterfall bars, one swimlane per agent with its handoff and announce arrows —
 * and the plain-language sentences a non-engineer reads ("lead delegated to
 * critic — refused by lead's handoff policy: tool is in deniedTools").
 * Nothing here re-derives the runtime's rules: statuses, reasons and attempts
 * are the ones the events report.
 */
import { childrenOf, rootSpan, type TraceSpan, type TraceSpanOfKind, type TraceState } from "@/core/trace";

export type AgentSpan = TraceSpanOfKind<"AGENT">;
export type HandoffSpan = TraceSpanOfKind<"HANDOFF">;
export type ModelCallSpan = TraceSpanOfKind<"MODEL_CALL">;

/** Handoff statuses that mean the child did not do the work it was asked to. */
const FAILED_HANDOFF = new Set(["failed", "denied", "forbidden", "timeout", "fallback"]);
const FAILED_SPAN = new Set(["failed", "denied", "forbidden", "timeout", "budget_exceeded", "max_steps"]);

export function isFailedHandoff(span: TraceSpan): boolean {
  return span.kind === "HANDOFF" && FAILED_HANDOFF.has(span.status);
}

/** A span that ended badly (the view marks it, and its ancestors, as a problem). */
export function isProblem(span: TraceSpan): boolean {
  if (span.kind === "HANDOFF") return isFailedHandoff(span);
  // A model attempt that was retried or fell back is not a problem of its own: the agent recovered.
  if (span.kind === "MODEL_CALL") return span.end?.error != null && !span.end.willRetry && !span.end.willFallback;
  if (span.kind === "TOOL_CALL") return span.end?.isError === true;
  return FAILED_SPAN.has(span.status);
}

/** The agent path a span runs in: `lead` for the main agent, `lead/critic` for its child. */
export function agentPathOf(trace: TraceState, span: TraceSpan): string {
  if (span.source !== null) return span.source;
  const root = rootSpan(trace);
  return root?.kind === "RUN" ? root.start.rootAgentId : (span.agentId ?? "run");
}

/** The lane a handoff points at: the child's path (whether or not the child ever started). */
export function handoffTargetPath(trace: TraceState, span: HandoffSpan): string {
  return `${agentPathOf(trace, span)}/${span.start.subagent}`;
}

/**
 * Agent ids → display names: the run's definition (`runs.exportTrace`), so an
 * agent that never ran (a refused handoff's target) is named too, then the
 * AGENT_START events.
 */
export function agentNames(trace: TraceState, definition?: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const agents = (definition as { agents?: unknown } | null | undefined)?.agents;
  if (agents && typeof agents === "object") {
    for (const [id, agent] of Object.entries(agents as Record<string, unknown>)) {
      const name = (agent as { name?: unknown } | null)?.name;
      if (typeof name === "string") names.set(id, name);
    }
  }
  for (const span of trace.spans.values()) {
    if (span.kind === "AGENT") names.set(span.start.agentId, span.start.agentName);
  }
  return names;
}

function nameOfAgent(names: Map<string, string>, id: string): string {
  return names.get(id) ?? id;
}

/** A short label for a tree row. */
export function spanTitle(span: TraceSpan, names: Map<string, string>): string {
  switch (span.kind) {
    case "RUN":
      return `Run of ${span.start.graphName}`;
    case "AGENT":
      return span.start.agentName;
    case "MODEL_CALL":
      return `${span.start.model} · attempt ${span.start.attempt}`;
    case "TOOL_CALL":
      return span.start.kind === "handoff" ? `Tool ${span.start.tool} (handoff)` : `Tool ${span.start.tool}`;
    case "HANDOFF":
      return `${nameOfAgent(names, span.start.parentAgentId)} → ${nameOfAgent(names, span.start.subagent)}`;
    case "TASK":
      return `Background task of ${nameOfAgent(names, span.start.agentId)}`;
  }
}

export const KIND_LABEL: Record<TraceSpan["kind"], string> = {
  RUN: "Run",
  AGENT: "Agent",
  MODEL_CALL: "Model call",
  TOOL_CALL: "Tool call",
  HANDOFF: "Handoff",
  TASK: "Task",
};

/** What happened to a handoff, in one sentence. */
export function describeHandoff(span: HandoffSpan, names: Map<string, string>): string {
  const parent = nameOfAgent(names, span.start.parentAgentId);
  const child = nameOfAgent(names, span.start.subagent);
  const end = span.end;
  const attempts = end ? end.attempts : span.attempts;
  const tries = attempts && attempts > 1 ? ` after ${attempts} attempts` : "";
  const reason = end?.error ? `: ${end.error}` : "";
  switch (span.status) {
    case "running":
      return `${parent} delegated to ${child}; still running.`;
    case "completed":
      return `${parent} delegated to ${child}, which completed${tries}.`;
    case "accepted":
      return `${parent} delegated to ${child} in the background; ${child} ran on as a task.`;
    case "promoted":
      return `${parent} delegated to ${child}, which took too long and was moved to the background.`;
    case "denied":
      return `${parent}'s handoff policy refused to delegate to ${child}${reason}. ${child} never ran.`;
    case "forbidden":
      return `A runtime limit stopped ${parent} from delegating to ${child}${reason}. ${child} never ran.`;
    case "timeout":
      return `${child} did not answer ${parent} in time${tries}${reason}.`;
    case "fallback":
      return `The handoff from ${parent} to ${child} did not go through${reason}; the call went to the regular tool instead.`;
    case "failed":
      return `${child} failed the task ${parent} gave it${tries}${reason}.`;
    default:
      return `${parent} delegated to ${child}: ${span.status}${reason}.`;
  }
}

/** What one model attempt did, in words ("failed: server error 503 — … It was retried."). */
export function describeModelCall(span: ModelCallSpan): string {
  const end = span.end;
  if (!end) return `${span.start.model} is answering.`;
  if (end.error) {
    const code = end.error.status !== null ? ` ${end.error.status}` : "";
    const next = end.willRetry
      ? "It was retried on the same model."
      : end.willFallback
        ? "The agent fell back to the next model in its chain."
        : "No retry or fallback was left.";
    return `${end.model} failed (${end.error.kind} error${code}: ${end.error.message}). ${next}`;
  }
  const position = span.start.chainIndex > 0 ? ` (fallback model #${span.start.chainIndex + 1} in the chain)` : "";
  return `${end.model} answered${position}${end.finishReason ? `, finish reason “${end.finishReason}”` : ""}.`;
}

/** Every attempt an agent made to reach a model, in order: its retries and fallback hops. */
export function modelAttemptsOf(trace: TraceState, agent: TraceSpan): ModelCallSpan[] {
  return childrenOf(trace, agent).filter((span): span is ModelCallSpan => span.kind === "MODEL_CALL");
}

/** The failed handoffs of the run, in start order. */
export function failedHandoffs(trace: TraceState): HandoffSpan[] {
  const out: HandoffSpan[] = [];
  for (const span of trace.spans.values()) if (span.kind === "HANDOFF" && isFailedHandoff(span)) out.push(span);
  return out.sort((a, b) => a.startedAt - b.startedAt || a.start.seq - b.start.seq);
}

/* ---- Tree and waterfall rows ------------------------------------------ */

export interface TreeRow {
  span: TraceSpan;
  depth: number;
  hasChildren: boolean;
  /** The span or something below it went wrong (failed handoff, failed agent…). */
  problemBelow: boolean;
}

/** Ids of spans that have a problem or a problem below them. */
export function problemPaths(trace: TraceState): Set<string> {
  const marked = new Set<string>();
  for (const span of trace.spans.values()) {
    if (!isProblem(span)) continue;
    let current: TraceSpan | undefined = span;
    while (current && !marked.has(current.id)) {
      marked.add(current.id);
      current = current.parentId === null ? undefined : trace.spans.get(current.parentId);
    }
  }
  return marked;
}

/** The visible rows of the tree: depth first in start order, skipping the children of collapsed spans. */
export function treeRows(trace: TraceState, collapsed: ReadonlySet<string>): TreeRow[] {
  const root = rootSpan(trace);
  if (!root) return [];
  const problems = problemPaths(trace);
  const rows: TreeRow[] = [];
  const stack: Array<{ span: TraceSpan; depth: number }> = [{ span: root, depth: 0 }];
  while (stack.length > 0) {
    const { span, depth } = stack.pop()!;
    rows.push({ span, depth, hasChildren: span.children.length > 0, problemBelow: problems.has(span.id) });
    if (collapsed.has(span.id)) continue;
    const children = childrenOf(trace, span);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ span: children[i], depth: depth + 1 });
  }
  return rows;
}

/** The parents of a span, nearest last (to expand the tree down to it). */
export function ancestorsOf(trace: TraceState, spanId: string): string[] {
  const out: string[] = [];
  let current = trace.spans.get(spanId);
  while (current && current.parentId !== null) {
    out.unshift(current.parentId);
    current = trace.spans.get(current.parentId);
  }
  return out;
}

/**
 * The time window the views draw: the run's start to its end (or the latest event while it runs; pass `now`
 * while it runs live so running spans keep growing — a clock behind the server's never shrinks the window).
 */
export function timeWindow(trace: TraceState, now?: number): { start: number; end: number } {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const span of trace.spans.values()) {
    start = Math.min(start, span.startedAt);
    end = Math.max(end, span.endedAt ?? span.startedAt);
    for (const point of span.points) end = Math.max(end, point.timestamp);
  }
  if (!Number.isFinite(start)) return { start: 0, end: 1 };
  if (now !== undefined && !trace.finished) end = Math.max(end, now);
  return { start, end: Math.max(end, start + 1) };
}

/** Left offset and width of a span's bar, as fractions of the window (a running span reaches the end). */
export function barOf(span: TraceSpan, window: { start: number; end: number }): { left: number; width: number } {
  const total = window.end - window.start;
  const left = (span.startedAt - window.start) / total;
  const right = ((span.endedAt ?? window.end) - window.start) / total;
  return { left: clamp01(left), width: Math.max(0, clamp01(right) - clamp01(left)) };
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/* ---- Swimlanes -------------------------------------------------------- */

export interface Lane {
  /** The agent path (`lead/web-researcher`). */
  path: string;
  agentId: string;
  name: string;
  depth: number;
  /** Each session of this agent in the run (a reused session appears once per activation). */
  sessions: AgentSpan[];
  /** The lane exists only because a handoff pointed at it (the child never ran). */
  neverRan: boolean;
}

export interface LaneArrow {
  kind: "handoff" | "announce";
  /** The span the arrow stands for (the handoff, or the announced task). */
  spanId: string;
  fromPath: string;
  toPath: string;
  /** Epoch ms where the arrow leaves and where it lands. */
  fromTime: number;
  toTime: number;
  status: string;
  failed: boolean;
  /** What the arrow says in words (the handoff sentence, or "billing's task announced to triage"). */
  label: string;
  /** The task the child received (its AGENT_START input, after the input filter); null when it never ran. */
  receivedTask: string | null;
}

export interface Swimlanes {
  lanes: Lane[];
  arrows: LaneArrow[];
}

/** One lane per agent path in first-start order, and an arrow per handoff and per announce. */
export function buildSwimlanes(trace: TraceState, names: Map<string, string> = agentNames(trace)): Swimlanes {
  const lanes = new Map<string, Lane>();
  const ordered = [...trace.spans.values()].sort((a, b) => a.start.seq - b.start.seq);
  const ensure = (path: string, agentId: string): Lane => {
    let lane = lanes.get(path);
    if (!lane) {
      lane = {
        path,
        agentId,
        name: nameOfAgent(names, agentId),
        depth: path.split("/").length - 1,
        sessions: [],
        neverRan: true,
      };
      lanes.set(path, lane);
    }
    return lane;
  };

  const arrows: LaneArrow[] = [];
  for (const span of ordered) {
    if (span.kind === "AGENT") {
      const lane = ensure(agentPathOf(trace, span), span.start.agentId);
      lane.sessions.push(span);
      lane.neverRan = false;
    } else if (span.kind === "HANDOFF") {
      const fromPath = agentPathOf(trace, span);
      const toPath = handoffTargetPath(trace, span);
      ensure(toPath, span.start.subagent);
      const child = childrenOf(trace, span).find((c): c is AgentSpan => c.kind === "AGENT");
      arrows.push({
        kind: "handoff",
        spanId: span.id,
        fromPath,
        toPath,
        fromTime: span.startedAt,
        toTime: child?.startedAt ?? span.endedAt ?? span.startedAt,
        status: span.status,
        failed: isFailedHandoff(span),
        label: describeHandoff(span, names),
        receivedTask: child ? child.start.input : null,
      });
    }
  }

  // Announces: the owner's ANNOUNCE point names the tasks it delivers.
  const tasks = new Map<string, TraceSpanOfKind<"TASK">>();
  for (const span of trace.spans.values()) if (span.kind === "TASK") tasks.set(span.start.taskId, span);
  for (const span of ordered) {
    for (const point of span.points) {
      if (point.type !== "ANNOUNCE") continue;
      const toPath = agentPathOf(trace, span);
      for (const taskId of point.taskIds) {
        const task = tasks.get(taskId);
        if (!task) continue;
        const handoff = task.parentId === null ? undefined : trace.spans.get(task.parentId);
        const fromPath = handoff?.kind === "HANDOFF" ? handoffTargetPath(trace, handoff) : agentPathOf(trace, task);
        arrows.push({
          kind: "announce",
          spanId: task.id,
          fromPath,
          toPath,
          fromTime: task.endedAt ?? point.timestamp,
          toTime: point.timestamp,
          status: task.status,
          failed: task.status !== "completed",
          label: `${nameOfAgent(names, task.start.agentId)}'s background task was announced to ${nameOfAgent(names, point.agentId)} (${task.status}).`,
          receivedTask: null,
        });
      }
    }
  }

  // Children right below their parent: sort by path, keeping the root first.
  const sorted = [...lanes.values()].sort((a, b) => comparePaths(a.path, b.path, ordered, trace));
  return { lanes: sorted, arrows };
}

function comparePaths(a: string, b: string, ordered: TraceSpan[], trace: TraceState): number {
  const pa = a.split("/");
  const pb = b.split("/");
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const prefixA = [...pa.slice(0, i + 1)].join("/");
    const prefixB = [...pb.slice(0, i + 1)].join("/");
    return firstSeq(prefixA, ordered, trace) - firstSeq(prefixB, ordered, trace);
  }
  return pa.length - pb.length;
}

/** The seq of the first span running in (or handing off to) a path. */
function firstSeq(path: string, ordered: TraceSpan[], trace: TraceState): number {
  for (const span of ordered) {
    if (span.kind === "AGENT" && agentPathOf(trace, span) === path) return span.start.seq;
    if (span.kind === "HANDOFF" && handoffTargetPath(trace, span) === path) return span.start.seq;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** Counts the e2e test and the header read: agents (sessions), model calls, tool calls, handoffs. */
export function traceCounts(trace: TraceState): {
  agents: number;
  agentSessions: number;
  modelCalls: number;
  toolCalls: number;
  handoffs: number;
  failedHandoffs: number;
  tasks: number;
} {
  const agents = new Set<string>();
  let agentSessions = 0;
  let modelCalls = 0;
  let toolCalls = 0;
  let handoffs = 0;
  let failed = 0;
  let tasks = 0;
  for (const span of trace.spans.values()) {
    if (span.kind === "AGENT") {
      agentSessions++;
      agents.add(agentPathOf(trace, span));
    } else if (span.kind === "MODEL_CALL") modelCalls++;
    else if (span.kind === "TOOL_CALL") toolCalls++;
    else if (span.kind === "HANDOFF") {
      handoffs++;
      if (isFailedHandoff(span)) failed++;
    } else if (span.kind === "TASK") tasks++;
  }
  return { agents: agents.size, agentSessions, modelCalls, toolCalls, handoffs, failedHandoffs: failed, tasks };
}
