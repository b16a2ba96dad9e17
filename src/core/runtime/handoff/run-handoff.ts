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
// eslint-disable-next-line import/no-cycle -- the allowed agent ↔ handoff recursion: a handoff runs a child agent
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
export function runHandoff(
  ctx: RunContext,
  parent: AgentFrame,
  handoff: HandoffDefinition,
  call: ModelToolCall,
  toolSpan: Span<"TOOL_CALL">,
): Promise<ToolOutcome> {
  return new HandoffCall(ctx, parent, handoff, call, toolSpan).run();
}

/**
 * The state of one handoff call. A class rather than closures: while the
 * child runs, one object (with its methods on the prototype) stays alive
 * instead of a closure context and five closures per handoff.
 */
class HandoffCall {
  private readonly startedAt: number;
  private readonly handoffId: string;
  private readonly depth: number;
  private readonly span: Span<"HANDOFF">;
  private countedChild = false;

  constructor(
    private readonly ctx: RunContext,
    private readonly parent: AgentFrame,
    private readonly handoff: HandoffDefinition,
    private readonly call: ModelToolCall,
    toolSpan: Span<"TOOL_CALL">,
  ) {
    this.startedAt = ctx.ports.clock.now();
    this.handoffId = ctx.ports.ids.newId("handoff");
    this.depth = parent.depth + 1;
    this.span = openSpan(ctx, toolSpan, {
      type: "HANDOFF_START",
      handoffId: this.handoffId,
      callId: call.id,
      tool: handoff.toolName,
      subagent: handoff.childId,
      parentAgentId: parent.agent.id,
      depth: this.depth,
      sessionMode: handoff.sessionMode,
      arguments: call.arguments,
    });
  }

  async run(): Promise<ToolOutcome> {
    const { ctx, parent, handoff, call, depth } = this;
    const policy = parent.agent.handoffPolicy;
    const child = ctx.definition.agents[handoff.childId];
    const tool = handoff.toolName;
    const subagent = handoff.childId;
    try {
      if (!child)
        return this.end(
          "failed",
          handoffFailureResult(subagent, tool, "failed", `unknown sub-agent ${subagent}`),
          `unknown sub-agent ${subagent}`,
          0,
        );
      let input = resolveHandoffInput(call.arguments);

      const admission = checkPolicyAdmission(policy, tool, depth);
      if (admission.type !== "admitted") {
        if (failureAction(policy, "denied") === "FALLBACK_TO_PRIMARY") return await this.fallback(admission.reason, 0);
        return this.end(
          "denied",
          handoffFailureResult(subagent, tool, "denied", admission.reason),
          admission.reason,
          0,
        );
      }
      const limits = checkSpawnLimits({
        depth,
        maxSpawnDepth: ctx.definition.settings.maxSpawnDepth,
        activeChildren: parent.activeChildren,
        maxChildrenPerAgent: ctx.definition.settings.maxChildrenPerAgent,
      });
      if (limits.type !== "admitted") {
        return this.end(
          "forbidden",
          handoffFailureResult(subagent, tool, "forbidden", limits.reason),
          limits.reason,
          0,
        );
      }
      // Counted synchronously with the check, so parallel calls of one turn are admitted in call order.
      parent.activeChildren++;
      this.countedChild = true;

      try {
        if (policy.enabled) input = applyInputFilter(input, policy.inputFilter);
      } catch (error) {
        this.releaseChild();
        return this.end(
          "failed",
          handoffFailureResult(subagent, tool, "failed", errorMessage(error)),
          errorMessage(error),
          0,
        );
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
        sessionId = ctx.ports.ids.newId("session");
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
        handoffSpanId: this.span.spanId,
        sessionId,
        reuseKey,
        cancel: jobController,
        progress,
      }).then((result) => {
        this.releaseChild();
        jobController.dispose();
        return result;
      });
      const promote = { job, jobController, sessionKey, progress, childId: child.id };

      if (plan.mode === "background") return this.promote(promote, "background");

      // Unlinked timer: a cancelled parent cancels the job, which then settles first. On the timer
      // port (a plain setTimeout with systemPorts, the sleep port otherwise): no controller per handoff.
      let cancelWait: () => void = noop;
      const winner = await new Promise<ChildJobResult | "elapsed">((resolve) => {
        cancelWait = ctx.timer(plan.timeoutMillis, () => resolve("elapsed"));
        job.then(resolve);
      });
      if (winner !== "elapsed") {
        cancelWait();
        return this.finish(winner);
      }
      if (plan.onTimeout === "promote") return this.promote(promote, "promoted");
      const timeout = new HandoffTimeoutError(tool, plan.timeoutMillis, "sync_wait");
      jobController.abort(timeout);
      const stopped = await job;
      return this.end(
        "timeout",
        handoffFailureResult(subagent, tool, "timeout", timeout.message),
        timeout.message,
        stopped.attempts,
      );
    } catch (error) {
      this.releaseChild();
      return this.end(
        "failed",
        handoffFailureResult(subagent, tool, "failed", errorMessage(error)),
        errorMessage(error),
        0,
      );
    }
  }

  private end(
    status: HandoffStatus,
    output: string,
    error: string | null,
    attempts: number,
    taskId: string | null = null,
  ): ToolOutcome {
    const { handoff, call } = this;
    this.span.close({
      type: "HANDOFF_END",
      handoffId: this.handoffId,
      callId: call.id,
      tool: handoff.toolName,
      subagent: handoff.childId,
      status,
      depth: this.depth,
      sessionMode: handoff.sessionMode,
      attempts,
      durationMillis: this.ctx.ports.clock.now() - this.startedAt,
      output,
      error,
      taskId,
    });
    return {
      output,
      isError: status === "failed" || status === "denied" || status === "forbidden" || status === "timeout",
    };
  }

  /** FALLBACK_TO_PRIMARY: the same call goes to the regular tool executor (seed 000 §11). */
  private async fallback(reason: string, attempts: number): Promise<ToolOutcome> {
    if (this.ctx.ports.tools?.spec(this.handoff.toolName)) {
      const served = await runExternalTool(this.ctx, this.parent, this.call);
      return { ...this.end("fallback", served.output, reason, attempts), isError: served.isError };
    }
    return { ...this.end("fallback", handoffUnavailableResult(reason), reason, attempts), isError: true };
  }

  private releaseChild(): void {
    if (this.countedChild) {
      this.countedChild = false;
      this.parent.activeChildren--;
    }
  }

  private promote(
    running: {
      job: Promise<ChildJobResult>;
      jobController: CancelScope;
      sessionKey: string;
      progress: { attempts: number };
      childId: string;
    },
    reason: "background" | "promoted",
  ): ToolOutcome {
    const { ctx, handoff } = this;
    const tool = handoff.toolName;
    const subagent = handoff.childId;
    const task = ctx.tasks.create(ctx, {
      owner: this.parent,
      childAgentId: running.childId,
      tool,
      label: handoff.label,
      handoffId: this.handoffId,
      handoffSpan: this.span,
      childSessionKey: running.sessionKey,
      controller: running.jobController,
      job: running.job,
      reason,
    });
    return reason === "background"
      ? this.end(
          "accepted",
          handoffTaskResult(subagent, tool, "accepted", task.id, running.sessionKey),
          null,
          running.progress.attempts,
          task.id,
        )
      : this.end(
          "promoted",
          handoffTaskResult(subagent, tool, "timeout_promoted", task.id, running.sessionKey),
          null,
          running.progress.attempts,
          task.id,
        );
  }

  private finish(result: ChildJobResult): ToolOutcome | Promise<ToolOutcome> {
    const tool = this.handoff.toolName;
    const subagent = this.handoff.childId;
    switch (result.type) {
      case "completed":
        return this.end(
          "completed",
          handoffSuccessResult(subagent, tool, result.output, result.steps),
          null,
          result.attempts,
        );
      case "failed":
        if (failureAction(this.parent.agent.handoffPolicy, "error") === "FALLBACK_TO_PRIMARY")
          return this.fallback(result.error, result.attempts);
        return this.end(
          "failed",
          handoffFailureResult(subagent, tool, "failed", result.error),
          result.error,
          result.attempts,
        );
      case "cancelled":
      case "budget_exceeded": {
        const reason = result.type === "cancelled" ? result.reason : result.error;
        return this.end("failed", handoffFailureResult(subagent, tool, "failed", reason), reason, result.attempts);
      }
    }
  }
}

const noop = () => {};

/** The session id behind a reuse key: loaded once per run, created when the store has none. */
function resolveReuseSessionId(ctx: RunContext, key: string): Promise<string> {
  const known = (ctx.reuseSessionIds ??= new Map());
  let pending = known.get(key);
  if (!pending) {
    pending = ctx.ports.sessions.load(key).then((stored) => stored?.sessionId ?? ctx.ports.ids.newId("session"));
    known.set(key, pending);
  }
  return pending;
}
