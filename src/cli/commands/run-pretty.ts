import type { RuntimeEvent } from "@/core/runtime";
import { type TraceSpan, type TraceState, createTrace, reduceTrace, walkTrace } from "@/core/trace";
import { Style, callsAndSteps, clip, plural, usageAndCost } from "./pretty-format";

export interface PrettyOptions {
  color: boolean;
}

/**
 * The `run --pretty` view, rendered from the span reducer (`@/core/trace`):
 * every event is folded into the run's span tree, and each line is read from
 * the span it touches (status, attempts, usage, cost, rolled-up totals).
 * Live lines are indented by the span's depth and tagged with the agent path;
 * when the run ends, the tree of agents, handoffs and tasks is printed with
 * each one's totals.
 */
export class PrettyPrinter {
  private trace: TraceState = createTrace();
  private readonly depth = new Map<string, number>();
  private readonly style: Style;

  constructor(options: PrettyOptions = { color: false }) {
    this.style = new Style(options.color);
  }

  /** The span tree as reduced so far. */
  get state(): TraceState {
    return this.trace;
  }

  /** The lines to print for `event` (possibly none). */
  format(event: RuntimeEvent): string[] {
    this.trace = reduceTrace(this.trace, event);
    const span = this.trace.spans.get(event.spanId);
    if (!span) return [];
    const level = this.depthOf(span);
    const line = (text: string, extraIndent = 0) => {
      const tag = event.source ? this.style.dim(`[${event.source}] `) : "";
      return `${"  ".repeat(level)}${tag}${"  ".repeat(extraIndent)}${text}`;
    };
    const { bold, dim, red } = bindStyle(this.style);
    switch (event.type) {
      case "RUN_START":
        return [
          bold(`▶ run "${event.graphName}"`) +
            dim(` ${event.runId} · conversation ${event.conversationId}${event.forceSync ? " · force sync" : ""}`),
          line(`input: ${clip(event.input)}`, 1),
        ];
      case "AGENT_START":
        return [
          line(bold(`▶ ${event.agentId}`) + dim(` (${event.role}, depth ${event.depth})`)),
          ...(event.depth > 0 ? [line(`task: ${clip(event.input)}`, 1)] : []),
        ];
      case "MODEL_CALL_START":
      case "TEXT_DELTA":
        // The text is shown once, when the call ends (the span has streamed it so far).
        return [];
      case "MODEL_CALL_END": {
        const simulated = event.provider === "scripted" ? " (simulated)" : "";
        const where =
          `${span.name}${simulated}` + dim(` #${event.chainIndex} try ${span.attempts} · ${span.durationMillis} ms`);
        if (event.error) {
          const next = event.willRetry ? " → retry" : event.willFallback ? " → next model" : "";
          const status = event.error.status ? ` ${event.error.status}` : "";
          return [line(red(`✗ model ${where} ${event.error.kind}${status}: ${clip(event.error.message, 160)}${next}`))];
        }
        const lines = [line(`· model ${where}` + (span.usage ? dim(` · ${usageAndCost(span.totals)}`) : ""))];
        if (event.text) lines.push(line(`“${clip(event.text)}”`, 1));
        return lines;
      }
      case "TOOL_CALL_START":
        return [line(`→ ${event.tool}(${clip(event.arguments, 160)})`)];
      case "TOOL_CALL_END":
        return [
          line(
            (event.isError ? red("✗ ") : "← ") +
              `${event.tool}: ${clip(event.output, 240)}` +
              dim(` · ${span.durationMillis} ms`),
          ),
        ];
      case "HANDOFF_START":
        return [line(`⇢ handoff to ${event.subagent}` + dim(` (depth ${event.depth}, ${event.sessionMode})`))];
      case "HANDOFF_END":
        return [
          line(
            `⇠ ${event.subagent}: ${this.status(span)}` +
              dim(` · attempts ${span.attempts} · ${span.durationMillis} ms`) +
              (span.error ? ` — ${clip(span.error, 200)}` : "") +
              (event.taskId ? ` · task ${event.taskId}` : ""),
          ),
        ];
      case "TASK_ACCEPTED":
        return [
          line(
            `⧗ task ${event.taskId} (${event.agentId}) running in the background` +
              dim(` · ${event.reason} · ${event.childSessionKey}`),
          ),
        ];
      case "TASK_COMPLETED":
        return [line(`✓ task ${event.taskId} (${event.agentId}) completed: ${clip(event.output, 200)}`)];
      case "TASK_FAILED":
        return [line(red(`✗ task ${event.taskId} (${event.agentId}) ${event.status}: ${clip(event.error, 200)}`))];
      case "TASK_CANCELLED":
        return [line(`⊘ task ${event.taskId} (${event.agentId}) cancelled: ${clip(event.reason, 200)}`)];
      case "ANNOUNCE": {
        const queued = event.remaining ? ` (+${event.remaining} queued)` : "";
        return [line(`✉ announce to ${event.agentId}: ${event.taskIds.join(", ")}${queued}`, 1)];
      }
      case "BUDGET_EXCEEDED":
        return [line(red(`⚠ budget exceeded: ${event.budget} (limit ${event.limit}, used ${event.used})`), 1)];
      case "AGENT_END":
        return [
          line(
            `■ ${event.agentId} ${this.status(span)}` +
              dim(` · ${plural(event.steps, "step")} · ${span.durationMillis} ms`) +
              (span.error ? ` — ${clip(span.error, 200)}` : ""),
          ),
        ];
      case "RUN_END": {
        const summary = dim(
          ` · ${callsAndSteps(span.totals)} · ${usageAndCost(span.totals)} · ${span.durationMillis} ms`,
        );
        const lines = [`■ run ${this.status(span)}${summary}`];
        if (event.error) lines.push(`  error: ${event.error}`);
        if (event.output !== null) lines.push("  output:", ...event.output.split("\n").map((l) => `    ${l}`));
        return [...lines, ...this.tree()];
      }
    }
  }

  /**
   * The run's tree of agents, handoffs and tasks with each one's status and
   * totals (model and tool calls are folded into their agent's totals).
   */
  tree(): string[] {
    const lines = ["", this.style.bold("trace:")];
    const shownDepth = new Map<string, number>();
    for (const { span } of walkTrace(this.trace)) {
      if (span.kind === "MODEL_CALL" || span.kind === "TOOL_CALL") continue;
      const parentShown = nearestShown(this.trace, span, shownDepth);
      const depth = parentShown === undefined ? 0 : parentShown + 1;
      shownDepth.set(span.id, depth);
      lines.push(`${"  ".repeat(depth + 1)}${this.treeLine(span)}`);
    }
    return lines;
  }

  private treeLine(span: TraceSpan): string {
    const { dim } = bindStyle(this.style);
    const time = span.durationMillis === null ? "" : ` · ${span.durationMillis} ms`;
    switch (span.kind) {
      case "RUN":
      case "AGENT": {
        const label = span.kind === "RUN" ? `run "${span.name}"` : span.name;
        const usage =
          span.totals.modelCalls > 0 ? ` · ${callsAndSteps(span.totals)} · ${usageAndCost(span.totals)}` : "";
        return `${label} ${this.status(span)}` + dim(`${usage}${time}`);
      }
      case "HANDOFF":
        return (
          `⇢ ${span.name} ${this.status(span)}` +
          dim(`${span.attempts === null ? "" : ` · attempts ${span.attempts}`}${time}`)
        );
      case "TASK":
        return `⧗ task ${span.name} (${span.agentId}) ${this.status(span)}` + dim(time);
      default:
        return span.name;
    }
  }

  private status(span: TraceSpan): string {
    const fine = span.status === "completed" || span.status === "accepted" || span.status === "promoted";
    return fine ? span.status : this.style.red(span.status);
  }

  /** Indentation follows the span tree (one level per span, the run at 0). */
  private depthOf(span: TraceSpan): number {
    let depth = this.depth.get(span.id);
    if (depth === undefined) {
      const parent = span.parentId === null ? undefined : this.depth.get(span.parentId);
      depth = span.parentId === null ? 0 : (parent ?? 0) + 1;
      this.depth.set(span.id, depth);
    }
    return depth;
  }
}

function nearestShown(trace: TraceState, span: TraceSpan, shown: Map<string, number>): number | undefined {
  let id = span.parentId;
  while (id !== null) {
    const depth = shown.get(id);
    if (depth !== undefined) return depth;
    id = trace.spans.get(id)?.parentId ?? null;
  }
  return undefined;
}

function bindStyle(style: Style) {
  return { bold: style.bold.bind(style), dim: style.dim.bind(style), red: style.red.bind(style) };
}
