import type { HandoffDefinition } from "../../compiler/definition";
import type { ModelToolCall } from "../../models/model-port";
import type { AgentFrame } from "../agent/frame";
import { errorMessage } from "../errors";
import { HandoffTimeoutError } from "../errors/handoff-timeout-error";
import type { HandoffStatus } from "../events";
import type { RunContext } from "../run-context";
import { type Span, openSpan } from "../span";
import { runExternalTool } from "../tools/run-regular-tool";
import { CancelScope } from "../../shared/cancel-scope";
import { checkPolicyAdmission, checkSpawnLimits } from "./admission";
import { failureAction } from "./attempts";
import { type ChildJobResult, runChildJob } from "./child-job";
import { planExecution } from "./execution-mode";
import {
  handoffFailureResult,
  handoffSuccessResult,
  handoffTaskResult,
  handoffUnavailableResult,
} from "./handoff-result";
import { applyInputFilter } from "./input-filter";
import { readTimeoutSecondsArg, resolveHandoffInput } from "./resolve-input";
import { childSessionKey, reuseSessionKey } from "./session-key";

/** A tool result plus whether it reports a failure (for TOOL_CALL_END). */
export interface ToolOutcome {
  output: string;
  isError: boolean;
}

/**
 * One handoff tool call, through the pipeline of SPEC §5.3 / seed 000 §8:
 * HANDOFF_START; depth = current + 1; admission (allowedTools, deniedTools,
 * maxDepth -> onDenied); spawn limits (maxSpawnDepth, maxChildrenPerAgent ->
 * forbidden); input filter; then the child job (attempts, per-attempt timeout)
 * run sync (with the edge's wait timeout -> promote | fail) or in the
 * background; failures -> onError (FAIL or FALLBACK_TO_PRIMARY). Exactly one
 * HANDOFF_END, and a failing child only ever becomes the tool result.
 */
export async function runHandoff(
  ctx: RunContext,
  parent: AgentFrame,
  handoff: HandoffDefinition,
  call: ModelToolCall,
  toolSpan: Span<"TOOL_CALL">,
): Promise<ToolOutcome> {
  const { clock, ids } = ctx.ports;
  const startedAt = clock.now();
  const handoffId = ids.newId("handoff");
  const depth = parent.depth + 1;
  const policy = parent.agent.handoffPolicy;
  const child = ctx.definition.agents[handoff.childId];
  const tool = handoff.toolName;
  const subagent = handoff.childId;

  const span = openSpan(ctx, toolSpan, {
    type: "HANDOFF_START",
    handoffId,
    callId: call.id,
    tool,
    subagent,
    parentAgentId: parent.agent.id,
    depth,
    sessionMode: handoff.sessionMode,
    arguments: call.arguments,
  });

  const end = (
    status: HandoffStatus,
    output: string,
    error: string | null,
    attempts: number,
    taskId: string | null = null,
  ): ToolOutcome => {
    span.close({
      type: "HANDOFF_END",
      handoffId,
      callId: call.id,
      tool,
      subagent,
      status,
      depth,
      sessionMode: handoff.sessionMode,
      attempts,
      durationMillis: clock.now() - startedAt,
      output,
      error,
      taskId,
    });
    return {
      output,
      isError: status === "failed" || status === "denied" || status === "forbidden" || status === "timeout",
    };
  };

  /** FALLBACK_TO_PRIMARY: the same call goes to the regular tool executor (seed 000 §11). */
  const fallback = async (reason: string, attempts: number): Promise<ToolOutcome> => {
    if (ctx.ports.tools?.spec(tool)) {
      const served = await runExternalTool(ctx, parent, call);
      return { ...end("fallback", served.output, reason, attempts), isError: served.isError };
    }
    return { ...end("fallback", handoffUnavailableResult(reason), reason, attempts), isError: true };
  };

  let countedChild = false;
  const releaseChild = () => {
    if (countedChild) {
      countedChild = false;
      parent.activeChildren--;
    }
  };

  try {
    if (!child)
      return end(
        "failed",
        handoffFailureResult(subagent, tool, "failed", `unknown sub-agent ${subagent}`),
        `unknown sub-agent ${subagent}`,
        0,
      );
    let input = resolveHandoffInput(call.arguments);

    const admission = checkPolicyAdmission(policy, tool, depth);
    if (admission.type !== "admitted") {
      if (failureAction(policy, "denied") === "FALLBACK_TO_PRIMARY") return await fallback(admission.reason, 0);
      return end("denied", handoffFailureResult(subagent, tool, "denied", admission.reason), admission.reason, 0);
    }
    const limits = checkSpawnLimits({
      depth,
      maxSpawnDepth: ctx.definition.settings.maxSpawnDepth,
      activeChildren: parent.activeChildren,
      maxChildrenPerAgent: ctx.definition.settings.maxChildrenPerAgent,
    });
    if (limits.type !== "admitted") {
      return end("forbidden", handoffFailureResult(subagent, tool, "forbidden", limits.reason), limits.reason, 0);
    }
    // Counted synchronously with the check, so parallel calls of one turn are admitted in call order.
    parent.activeChildren++;
    countedChild = true;

    try {
      if (policy.enabled) input = applyInputFilter(input, policy.inputFilter);
    } catch (error) {
      releaseChild();
      return end("failed", handoffFailureResult(subagent, tool, "failed", errorMessage(error)), errorMessage(error), 0);
    }

    const plan = planExecution({
      execution: handoff.execution,
      modelTimeoutSeconds: handoff.execution.modelChoosesMode ? readTimeoutSecondsArg(call.arguments) : null,
      forceSync: ctx.options.forceSync,
      forceSyncTimeoutSeconds: ctx.options.forceSyncTimeoutSeconds,
    });

    let reuseKey: string | null = null;
    let sessionId: string;
    if (handoff.sessionMode === "REUSE_SESSION") {
      reuseKey = reuseSessionKey({
        conversationId: ctx.conversationId,
        parentPath: parent.path,
        toolName: tool,
        label: handoff.label,
      });
      sessionId = await resolveReuseSessionId(ctx, reuseKey);
    } else {
      sessionId = ids.newId("session");
    }
    const sessionKey = childSessionKey(child.id, sessionId);

    const jobController = CancelScope.linked(parent.cancel);
    const progress = { attempts: 0 };
    const job: Promise<ChildJobResult> = runChildJob(ctx, {
      parent,
      handoff,
      child,
      input,
      depth,
      handoffSpanId: span.spanId,
      sessionId,
      reuseKey,
      cancel: jobController,
      progress,
    }).then((result) => {
      releaseChild();
      jobController.dispose();
      return result;
    });

    const promote = (reason: "background" | "promoted"): ToolOutcome => {
      const task = ctx.tasks.create(ctx, {
        owner: parent,
        childAgentId: child.id,
        tool,
        label: handoff.label,
        handoffId,
        handoffSpan: span,
        childSessionKey: sessionKey,
        controller: jobController,
        job,
        reason,
      });
      return reason === "background"
        ? end(
            "accepted",
            handoffTaskResult(subagent, tool, "accepted", task.id, sessionKey),
            null,
            progress.attempts,
            task.id,
          )
        : end(
            "promoted",
            handoffTaskResult(subagent, tool, "timeout_promoted", task.id, sessionKey),
            null,
            progress.attempts,
            task.id,
          );
    };

    if (plan.mode === "background") return promote("background");

    // Unlinked timer: a cancelled parent cancels the job, which then wins the race. On the
    // timer port (a plain setTimeout with systemPorts, the sleep port otherwise): no controller per handoff.
    let cancelWait: () => void = () => {};
    const elapsed = new Promise<"elapsed">((resolve) => {
      cancelWait = ctx.timer(plan.timeoutMillis, () => resolve("elapsed"));
    });
    const winner = await Promise.race([job, elapsed]);
    if (winner !== "elapsed") {
      cancelWait();
      return finish(winner);
    }
    if (plan.onTimeout === "promote") return promote("promoted");
    const timeout = new HandoffTimeoutError(tool, plan.timeoutMillis, "sync_wait");
    jobController.abort(timeout);
    const stopped = await job;
    return end(
      "timeout",
      handoffFailureResult(subagent, tool, "timeout", timeout.message),
      timeout.message,
      stopped.attempts,
    );
  } catch (error) {
    releaseChild();
    return end("failed", handoffFailureResult(subagent, tool, "failed", errorMessage(error)), errorMessage(error), 0);
  }

  async function finish(result: ChildJobResult): Promise<ToolOutcome> {
    switch (result.type) {
      case "completed":
        return end(
          "completed",
          handoffSuccessResult(subagent, tool, result.output, result.steps),
          null,
          result.attempts,
        );
      case "failed":
        if (failureAction(policy, "error") === "FALLBACK_TO_PRIMARY") return fallback(result.error, result.attempts);
        return end(
          "failed",
          handoffFailureResult(subagent, tool, "failed", result.error),
          result.error,
          result.attempts,
        );
      case "cancelled":
      case "budget_exceeded": {
        const reason = result.type === "cancelled" ? result.reason : result.error;
        return end("failed", handoffFailureResult(subagent, tool, "failed", reason), reason, result.attempts);
      }
    }
  }
}

/** The session id behind a reuse key: loaded once per run, created when the store has none. */
function resolveReuseSessionId(ctx: RunContext, key: string): Promise<string> {
  let pending = ctx.reuseSessionIds.get(key);
  if (!pending) {
    pending = ctx.ports.sessions.load(key).then((stored) => stored?.sessionId ?? ctx.ports.ids.newId("session"));
    ctx.reuseSessionIds.set(key, pending);
  }
  return pending;
}
