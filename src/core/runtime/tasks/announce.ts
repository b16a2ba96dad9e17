import type { TaskStatus } from "../events";

/** One finished task as the announce reminder lists it. */
export interface AnnounceEntry {
  taskId: string;
  agentId: string;
  status: TaskStatus;
  /** The task's output, or its error. */
  summary: string;
}

export const ANNOUNCE_SUMMARY_MAX_CHARS = 1000;

/**
 * The `<system-reminder>` injected before the owner's next model call when
 * background tasks finished (seed 002 "后台任务自动反向通知"): task id, agent,
 * status and a result summary per task, in the seed's exact wording (Chinese,
 * full-width commas and colons) so prompts written for AgentScope read it
 * unchanged. The two notes after the list are ours and in English: `remaining`
 * results follow in the next reminder. A nested owner is told to fold the results into its own answer
 * (seed 003 §19.6 nested announce).
 */
export function formatAnnounce(entries: readonly AnnounceEntry[], remaining: number, ownerIsSubagent: boolean): string {
  const lines = ["<system-reminder>", "后台任务已交付："];
  for (const entry of entries) {
    lines.push(`- task_id=${entry.taskId}，agent=${entry.agentId}，status=${entry.status}`);
    lines.push(`  结果摘要：${summarize(entry.summary)}`);
  }
  if (remaining > 0) {
    lines.push(
      `(${remaining} more finished task${remaining === 1 ? "" : "s"} will be delivered in the next reminder; wait_async_results returns them now.)`,
    );
  }
  if (ownerIsSubagent) {
    lines.push("Fold these results into your own answer for your parent agent.");
  }
  lines.push("</system-reminder>");
  return lines.join("\n");
}

function summarize(text: string): string {
  const trimmed = text.trim();
  const cut =
    trimmed.length > ANNOUNCE_SUMMARY_MAX_CHARS
      ? `${trimmed.slice(0, ANNOUNCE_SUMMARY_MAX_CHARS)}… (truncated; task_output returns the full result)`
      : trimmed;
  return cut === "" ? "(empty)" : cut.replace(/\n/g, "\n  ");
}
