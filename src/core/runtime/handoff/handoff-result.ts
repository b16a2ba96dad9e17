/**
 * Tool-result texts a parent model receives from a handoff tool. Success is
 * exactly AI4J's `{subagent, toolName, output, steps}` (seed 000 §5.3);
 * other outcomes carry a `status` the model can act on.
 */
export function handoffSuccessResult(subagent: string, toolName: string, output: string, steps: number): string {
  return JSON.stringify({ subagent, toolName, output, steps });
}

export function handoffFailureResult(
  subagent: string,
  toolName: string,
  status: "failed" | "denied" | "forbidden" | "timeout",
  error: string,
): string {
  return JSON.stringify({ subagent, toolName, status, error });
}

export function handoffTaskResult(
  subagent: string,
  toolName: string,
  status: "accepted" | "timeout_promoted",
  taskId: string,
  childSessionKey: string,
): string {
  return JSON.stringify({ subagent, toolName, status, taskId, childSessionKey });
}

/** What FALLBACK_TO_PRIMARY answers when no regular tool serves the handoff's name (seed 000 §11). */
export function handoffUnavailableResult(reason: string): string {
  return `handoff unavailable: ${reason}`;
}
