import type { AgentFrame } from "../agent/frame";
import type { ChildJobResult } from "../handoff/child-job";
import type { RunContext } from "../run-context";
import type { CancelScope } from "../../shared/cancel-scope";
import { type Span, openSpan } from "../span";
import { RunCancelledError } from "../errors/run-cancelled-error";
import type { TaskRecord } from "./task-record";

/** All tasks of a run, by id (for `run.cancelTask`); each also lives in its owner's mailbox. */
export class TaskRegistry {
  /** Created with the first task: most runs start none (an empty Map is ~170 bytes per run). */
  private byId: Map<string, TaskRecord> | null = null;

  get(taskId: string): TaskRecord | undefined {
    return this.byId?.get(taskId);
  }

  get size(): number {
    return this.byId?.size ?? 0;
  }

  /**
   * Turns a running child job into a task owned by `owner`: emits TASK_ACCEPTED
   * now and TASK_COMPLETED / TASK_FAILED / TASK_CANCELLED when the job settles,
   * then puts the result in the owner's inbox for the next announce.
   */
  create(
    ctx: RunContext,
    input: {
      owner: AgentFrame;
      childAgentId: string;
      tool: string;
      label: string | null;
      handoffId: string;
      /** The handoff that created the task: its span is the task span's parent. */
      handoffSpan: Span<"HANDOFF">;
      childSessionKey: string;
      controller: CancelScope;
      job: Promise<ChildJobResult>;
      reason: "background" | "promoted";
    },
  ): TaskRecord {
    const { owner } = input;
    const id = ctx.ports.ids.newId("task");
    const spanId = ctx.newSpanId();
    let resolveSettled!: () => void;
    const settled = new Promise<void>((resolve) => (resolveSettled = resolve));
    const task: TaskRecord = {
      id,
      agentId: input.childAgentId,
      ownerAgentId: owner.agent.id,
      tool: input.tool,
      label: input.label,
      handoffId: input.handoffId,
      childSessionKey: input.childSessionKey,
      spanId,
      startedAt: ctx.ports.clock.now(),
      status: "RUNNING",
      output: null,
      error: null,
      steps: 0,
      attempts: 0,
      delivered: false,
      settled,
      cancel: (reason) => input.controller.abort(new RunCancelledError(reason)),
    };
    (this.byId ??= new Map()).set(id, task);
    owner.mailbox.add(task);
    const span = openSpan(
      ctx,
      input.handoffSpan,
      {
        type: "TASK_ACCEPTED",
        taskId: id,
        agentId: task.agentId,
        ownerAgentId: task.ownerAgentId,
        tool: task.tool,
        handoffId: task.handoffId,
        childSessionKey: task.childSessionKey,
        reason: input.reason,
      },
      spanId,
    );

    input.job.then((result) => {
      const durationMillis = ctx.ports.clock.now() - task.startedAt;
      const common = {
        taskId: id,
        agentId: task.agentId,
        ownerAgentId: task.ownerAgentId,
      };
      task.attempts = result.attempts;
      switch (result.type) {
        case "completed":
          task.status = "COMPLETED";
          task.output = result.output;
          task.steps = result.steps;
          span.close({
            type: "TASK_COMPLETED",
            ...common,
            output: result.output,
            steps: result.steps,
            attempts: result.attempts,
            durationMillis,
          });
          break;
        case "failed":
        case "budget_exceeded": {
          const status = result.type === "failed" && result.kind === "timeout" ? "TIMEOUT" : "FAILED";
          task.status = status;
          task.error = result.error;
          span.close({
            type: "TASK_FAILED",
            ...common,
            status,
            error: result.error,
            attempts: result.attempts,
            durationMillis,
          });
          break;
        }
        case "cancelled":
          task.status = "CANCELLED";
          task.error = result.reason;
          span.close({ type: "TASK_CANCELLED", ...common, reason: result.reason, durationMillis });
          break;
      }
      owner.mailbox.settle(task);
      resolveSettled();
    });
    return task;
  }
}
