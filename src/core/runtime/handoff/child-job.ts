import type { AgentDefinition, HandoffDefinition } from "../../compiler/definition";
import type { ChatMessage } from "../../models/model-port";
import type { AgentFrame } from "../agent/frame";
// eslint-disable-next-line import/no-cycle -- the allowed agent ↔ handoff recursion: a handoff runs a child agent
import { runAgent } from "../agent/run-agent";
import { forkTranscript } from "../agent/transcript";
import { errorMessage } from "../errors";
import { HandoffTimeoutError } from "../errors/handoff-timeout-error";
import type { RunContext } from "../run-context";
import { CancelScope, type CancelToken, raceCancel } from "../../shared/cancel-scope";
import { type AttemptFailureKind, handoffAttempts, shouldRetryHandoff } from "./attempts";

/** How a child job (all attempts of one admitted handoff) ended. Never a rejection. */
export type ChildJobResult =
  | { type: "completed"; output: string; steps: number; attempts: number }
  | { type: "failed"; kind: "error" | "timeout"; error: string; attempts: number }
  | { type: "cancelled"; reason: string; attempts: number }
  | { type: "budget_exceeded"; error: string; attempts: number };

export interface ChildJobSpec {
  parent: AgentFrame;
  handoff: HandoffDefinition;
  child: AgentDefinition;
  input: string;
  depth: number;
  handoffSpanId: string;
  sessionId: string;
  /** Set for REUSE_SESSION: the session is locked, loaded and saved under this key. */
  reuseKey: string | null;
  /** The job's cancellation (task cancel, sync-wait fail, parent cancel). */
  cancel: CancelToken;
  /** Attempts started so far (read when a sync call is promoted). */
  progress: { attempts: number };
}

/**
 * Runs the child of one admitted handoff: takes the reused session's lock,
 * then makes up to max(1, maxRetries+1) attempts, each a fresh agent run on
 * the session's stored transcript with the policy's per-attempt timeout
 * (which aborts the child's model call for real). A reused session is saved
 * only after a successful attempt, so a failure never leaves half a turn behind.
 */
export async function runChildJob(ctx: RunContext, spec: ChildJobSpec): Promise<ChildJobResult> {
  const { parent, handoff, child, cancel, progress } = spec;
  const policy = parent.agent.handoffPolicy;
  let release: (() => void) | null = null;
  try {
    let history: ChatMessage[] = [];
    if (spec.reuseKey !== null) {
      const acquiring = ctx.locks.acquire(spec.reuseKey);
      try {
        release = await raceCancel(acquiring, cancel);
      } catch {
        acquiring.then((unlock) => unlock());
        return { type: "cancelled", reason: errorMessage(cancel.reason), attempts: 0 };
      }
      const stored = await ctx.ports.sessions.load(spec.reuseKey);
      if (stored) history = stored.messages;
    }
    if (history.length === 0 && handoff.contextMode === "fork") {
      history = forkTranscript(parent.messages, handoff.forkMaxTokens);
    }

    const path = `${parent.path}/${child.id}`;
    const attempts = handoffAttempts(policy);
    let lastError = "";
    let lastKind: AttemptFailureKind = "error";
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (cancel.aborted) return { type: "cancelled", reason: errorMessage(cancel.reason), attempts: attempt - 1 };
      progress.attempts = attempt;
      // A per-attempt scope only when the policy has a timeout (the common case needs none); its timer is on the timer port.
      const attemptScope = policy.timeoutMillis > 0 ? CancelScope.linked(cancel) : null;
      const cancelTimer = attemptScope
        ? ctx.timer(policy.timeoutMillis, () =>
            attemptScope.abort(new HandoffTimeoutError(handoff.toolName, policy.timeoutMillis, "attempt")),
          )
        : null;
      const outcome = await runAgent(ctx, {
        agent: child,
        path,
        depth: spec.depth,
        sessionId: spec.sessionId,
        parentSpanId: spec.handoffSpanId,
        workspaceId: handoff.workspaceMode === "shared" ? parent.workspaceId : `${ctx.conversationId}:${path}`,
        modelChain: handoff.modelChain.length > 0 ? handoff.modelChain : ctx.options.defaultModelChain,
        history,
        reusedSession: spec.reuseKey !== null,
        input: spec.input,
        cancel: attemptScope ?? cancel,
      });
      cancelTimer?.();
      attemptScope?.dispose();

      if (outcome.status === "completed") {
        if (spec.reuseKey !== null) {
          await ctx.ports.sessions.save({
            key: spec.reuseKey,
            sessionId: spec.sessionId,
            agentId: child.id,
            messages: outcome.messages,
            updatedAt: ctx.ports.clock.now(),
          });
        }
        return { type: "completed", output: outcome.output ?? "", steps: outcome.steps, attempts: attempt };
      }
      lastError = outcome.error ?? outcome.status;
      // The job itself was stopped (task cancel, sync wait with onTimeout=fail, run cancel): no retry.
      if (cancel.aborted) return { type: "cancelled", reason: errorMessage(cancel.reason), attempts: attempt };
      lastKind =
        outcome.status === "timeout"
          ? "timeout"
          : outcome.status === "budget_exceeded"
            ? "budget_exceeded"
            : outcome.status === "cancelled"
              ? "cancelled"
              : "error";
      if (!shouldRetryHandoff(lastKind, attempt, attempts)) {
        if (lastKind === "cancelled") return { type: "cancelled", reason: lastError, attempts: attempt };
        if (lastKind === "budget_exceeded") return { type: "budget_exceeded", error: lastError, attempts: attempt };
        return { type: "failed", kind: lastKind, error: lastError, attempts: attempt };
      }
    }
    return { type: "failed", kind: lastKind === "timeout" ? "timeout" : "error", error: lastError, attempts };
  } catch (error) {
    return { type: "failed", kind: "error", error: errorMessage(error), attempts: progress.attempts };
  } finally {
    release?.();
  }
}
