import type { ModelToolCall } from "../../models/model-port";
import { isTaskTool } from "../../tools/builtin-tools";
import type { AgentFrame } from "../agent/frame";
import type { RunContext } from "../run-context";
import { describeZodError, parseToolArguments } from "../tools/tool";
import { startTimer } from "../util/abort";
import { describeTask, type TaskRecord } from "./task-record";
import { TASK_TOOL_SCHEMAS } from "./task-tool-schemas";

export interface TaskToolOutcome {
  output: string;
  isError: boolean;
}

const error = (message: string): TaskToolOutcome => ({ output: `error: ${message}`, isError: true });
const ok = (value: unknown): TaskToolOutcome => ({ output: JSON.stringify(value), isError: false });

/**
 * The task tools (seed 002): an agent controls only the tasks its own session
 * started (seed 003 `ensureControllerOwnsRun`). A result returned here counts
 * as delivered and is never announced again.
 */
export async function runTaskTool(ctx: RunContext, frame: AgentFrame, call: ModelToolCall): Promise<TaskToolOutcome> {
  if (!isTaskTool(call.name)) return error(`unknown task tool ${call.name}`);
  const parsed = parseToolArguments(call.arguments);
  if (!parsed.ok) return error(`invalid JSON arguments for tool ${call.name}: ${parsed.error}`);
  const mailbox = frame.mailbox;
  const cancel = frame.cancel;

  const lookup = (taskId: string): TaskRecord | undefined => mailbox.find(taskId);
  const unknown = (taskId: string) =>
    error(`unknown task_id ${taskId} (an agent can only use tasks its own session started)`);

  /** Waits until `done` settles, the optional timeout elapses or the agent is cancelled. */
  const waitUntil = async (done: Promise<unknown>, timeoutSeconds: number | undefined): Promise<void> => {
    if (cancel.aborted) return;
    let onAbort!: () => void;
    const aborted = new Promise<void>((resolve) => (onAbort = resolve));
    const subscription = cancel.onAbort(() => onAbort());
    const timer = timeoutSeconds !== undefined ? startTimer(ctx.ports.sleep, timeoutSeconds * 1000) : null;
    await Promise.race(timer ? [done, aborted, timer.elapsed] : [done, aborted]);
    timer?.cancel();
    cancel.off(subscription);
  };

  const deliver = (task: TaskRecord) => {
    if (task.status !== "RUNNING") mailbox.markDelivered(task);
    return describeTask(task);
  };

  switch (call.name) {
    case "task_output": {
      const args = TASK_TOOL_SCHEMAS.task_output.safeParse(parsed.value);
      if (!args.success) return error(`invalid arguments for tool task_output: ${describeZodError(args.error)}`);
      const task = lookup(args.data.task_id);
      if (!task) return unknown(args.data.task_id);
      if (task.status === "RUNNING" && args.data.block) await waitUntil(task.settled, args.data.timeout_seconds);
      return ok(deliver(task));
    }
    case "wait_async_results": {
      const args = TASK_TOOL_SCHEMAS.wait_async_results.safeParse(parsed.value);
      if (!args.success) return error(`invalid arguments for tool wait_async_results: ${describeZodError(args.error)}`);
      const { task_ids, wait_all, timeout_seconds } = args.data;
      let set: TaskRecord[];
      if (task_ids !== undefined) {
        const idList = (Array.isArray(task_ids) ? task_ids : task_ids.split(","))
          .map((id) => id.trim())
          .filter(Boolean);
        const missing = idList.filter((id) => !lookup(id));
        if (missing.length > 0) return unknown(missing.join(","));
        set = idList.map((id) => lookup(id)!);
      } else if (wait_all) {
        // The snapshot taken now: tasks started while waiting do not join the wait set.
        set = mailbox.tasks.filter((task) => !task.delivered);
      } else {
        // Legacy inbox-any: return as soon as any result is waiting.
        if (mailbox.undelivered === 0 && mailbox.running > 0) {
          await waitUntil(mailbox.waitForChange(cancel), timeout_seconds);
        }
        set = [...mailbox.peekInbox()];
        if (set.length === 0 && mailbox.running === 0) return ok({ status: "no_tasks", results: [] });
      }
      const pending = set.filter((task) => task.status === "RUNNING").map((task) => task.settled);
      if (pending.length > 0) await waitUntil(Promise.all(pending), timeout_seconds);
      return ok({ results: set.map(deliver) });
    }
    case "task_cancel": {
      const args = TASK_TOOL_SCHEMAS.task_cancel.safeParse(parsed.value);
      if (!args.success) return error(`invalid arguments for tool task_cancel: ${describeZodError(args.error)}`);
      const task = lookup(args.data.task_id);
      if (!task) return unknown(args.data.task_id);
      if (task.status === "RUNNING") {
        task.delivered = true;
        task.cancel(`cancelled by ${frame.agent.id} (task_cancel)`);
        await task.settled;
      }
      return ok(deliver(task));
    }
    case "task_list": {
      return ok({
        tasks: mailbox.tasks.map((task) => ({
          task_id: task.id,
          agent: task.agentId,
          tool: task.tool,
          label: task.label,
          status: task.status,
          delivered: task.delivered,
        })),
      });
    }
  }
}
