import type { RuntimeEvent } from "@/core/runtime";

const MAX_TEXT = 400;

/** Shortens one line of text for the terminal. */
function clip(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function money(usd: number | null): string {
  if (usd === null) return "$?";
  return usd === 0 ? "$0" : usd < 0.01 ? `$${usd.toFixed(6)}` : `$${usd.toFixed(4)}`;
}

export interface PrettyOptions {
  color: boolean;
}

/**
 * Turns the event stream into a readable nested view: indentation follows the
 * span tree (run > agent > tool call > handoff > child agent), child lines are
 * tagged with their source path, streamed text is shown once per model call.
 */
export class PrettyPrinter {
  private readonly depth = new Map<string, number>();
  private readonly text = new Map<string, string>();

  constructor(private readonly options: PrettyOptions = { color: false }) {}

  /** The lines to print for `event` (possibly none). */
  format(event: RuntimeEvent): string[] {
    const parentDepth = event.parentSpanId === null ? -1 : (this.depth.get(event.parentSpanId) ?? 0);
    if (!this.depth.has(event.spanId)) this.depth.set(event.spanId, parentDepth + 1);
    const level = this.depth.get(event.spanId)!;
    const line = (text: string, extraIndent = 0) => {
      const tag = event.source ? this.dim(`[${event.source}] `) : "";
      return `${"  ".repeat(Math.max(0, level))}${tag}${"  ".repeat(extraIndent)}${text}`;
    };
    switch (event.type) {
      case "RUN_START":
        return [
          this.bold(`▶ run "${event.graphName}"`) +
            this.dim(` ${event.runId} · conversation ${event.conversationId}${event.forceSync ? " · force sync" : ""}`),
          line(`input: ${clip(event.input)}`, 1),
        ];
      case "AGENT_START":
        return [
          line(this.bold(`▶ ${event.agentId}`) + this.dim(` (${event.role}, depth ${event.depth})`)),
          ...(event.depth > 0 ? [line(`task: ${clip(event.input)}`, 1)] : []),
        ];
      case "MODEL_CALL_START":
        return [];
      case "TEXT_DELTA":
        this.text.set(event.spanId, (this.text.get(event.spanId) ?? "") + event.delta);
        return [];
      case "MODEL_CALL_END": {
        this.text.delete(event.spanId);
        const simulated = event.provider === "scripted" ? " (simulated)" : "";
        const where =
          `${event.provider}/${event.model}${simulated}` +
          this.dim(` #${event.chainIndex} try ${event.attempt} · ${event.durationMillis} ms`);
        if (event.error) {
          const next = event.willRetry ? " → retry" : event.willFallback ? " → next model" : "";
          return [
            line(
              this.red(
                `✗ model ${where} ${event.error.kind}${event.error.status ? ` ${event.error.status}` : ""}: ${clip(event.error.message, 160)}${next}`,
              ),
            ),
          ];
        }
        const usage = event.usage
          ? this.dim(` · ${event.usage.inputTokens} in / ${event.usage.outputTokens} out · ${money(event.costUsd)}`)
          : "";
        const lines = [line(`· model ${where}${usage}`)];
        if (event.text) lines.push(line(`“${clip(event.text)}”`, 1));
        return lines;
      }
      case "TOOL_CALL_START":
        return [line(`→ ${event.tool}(${clip(event.arguments, 160)})`)];
      case "TOOL_CALL_END":
        return [
          line(
            (event.isError ? this.red("✗ ") : "← ") +
              `${event.tool}: ${clip(event.output, 240)}` +
              this.dim(` · ${event.durationMillis} ms`),
          ),
        ];
      case "HANDOFF_START":
        return [line(`⇢ handoff to ${event.subagent}` + this.dim(` (depth ${event.depth}, ${event.sessionMode})`))];
      case "HANDOFF_END": {
        const status =
          event.status === "completed" || event.status === "accepted" || event.status === "promoted"
            ? event.status
            : this.red(event.status);
        return [
          line(
            `⇠ ${event.subagent}: ${status}` +
              this.dim(` · attempts ${event.attempts} · ${event.durationMillis} ms`) +
              (event.error ? ` — ${clip(event.error, 200)}` : "") +
              (event.taskId ? ` · task ${event.taskId}` : ""),
          ),
        ];
      }
      case "TASK_ACCEPTED":
        return [
          line(
            `⧗ task ${event.taskId} (${event.agentId}) running in the background` +
              this.dim(` · ${event.reason} · ${event.childSessionKey}`),
          ),
        ];
      case "TASK_COMPLETED":
        return [line(`✓ task ${event.taskId} (${event.agentId}) completed: ${clip(event.output, 200)}`)];
      case "TASK_FAILED":
        return [line(this.red(`✗ task ${event.taskId} (${event.agentId}) ${event.status}: ${clip(event.error, 200)}`))];
      case "TASK_CANCELLED":
        return [line(`⊘ task ${event.taskId} (${event.agentId}) cancelled: ${clip(event.reason, 200)}`)];
      case "ANNOUNCE":
        return [
          line(
            `✉ announce to ${event.agentId}: ${event.taskIds.join(", ")}${event.remaining ? ` (+${event.remaining} queued)` : ""}`,
            1,
          ),
        ];
      case "BUDGET_EXCEEDED":
        return [line(this.red(`⚠ budget exceeded: ${event.budget} (limit ${event.limit}, used ${event.used})`), 1)];
      case "AGENT_END": {
        const status = event.status === "completed" ? "completed" : this.red(event.status);
        return [
          line(
            `■ ${event.agentId} ${status}` +
              this.dim(` · ${plural(event.steps, "step")} · ${event.durationMillis} ms`) +
              (event.error ? ` — ${clip(event.error, 200)}` : ""),
          ),
        ];
      }
      case "RUN_END": {
        const status = event.status === "completed" ? this.bold("completed") : this.red(event.status);
        const summary = this.dim(
          ` · ${event.steps} model calls · ${event.usage.inputTokens} in / ${event.usage.outputTokens} out · ${money(event.costUsd)} · ${event.durationMillis} ms`,
        );
        const lines = [`■ run ${status}${summary}`];
        if (event.error) lines.push(`  error: ${event.error}`);
        if (event.output !== null) lines.push("  output:", ...event.output.split("\n").map((l) => `    ${l}`));
        return lines;
      }
    }
  }

  private bold(text: string): string {
    return this.options.color ? `\u001b[1m${text}\u001b[22m` : text;
  }
  private dim(text: string): string {
    return this.options.color ? `\u001b[2m${text}\u001b[22m` : text;
  }
  private red(text: string): string {
    return this.options.color ? `\u001b[31m${text}\u001b[39m` : text;
  }
}
