import { z } from "zod";
import type { ModelToolSpec } from "../../models/model-port";
import type { TaskToolName } from "../../tools/builtin-tools";

const taskIds = z
  .union([z.string(), z.array(z.string())])
  .describe('Task ids to wait for: an array or a comma-separated string like "id1,id2"');

/** Argument schemas of the task tools (seed 002), parsed on each call. */
export const TASK_TOOL_SCHEMAS = {
  task_output: z.object({
    task_id: z.string().min(1).describe("The task id returned by a background or promoted handoff"),
    block: z
      .boolean()
      .default(true)
      .describe("Wait until the task finishes (default true); false returns the current state at once"),
    timeout_seconds: z.number().min(0).max(600).optional().describe("Stop waiting after this many seconds"),
  }),
  wait_async_results: z.object({
    task_ids: taskIds.optional(),
    wait_all: z
      .boolean()
      .optional()
      .describe("Wait for every task that is unfinished when the call starts (tasks started later are not included)"),
    timeout_seconds: z.number().min(0).max(600).optional().describe("Stop waiting after this many seconds"),
  }),
  task_cancel: z.object({
    task_id: z.string().min(1).describe("The task to cancel (its sub-tasks are cancelled too)"),
  }),
  task_list: z.object({}),
} satisfies Record<TaskToolName, z.ZodType>;

const DESCRIPTIONS: Record<TaskToolName, string> = {
  task_output: "Get the status and result of one of your background tasks (blocking by default).",
  wait_async_results:
    "Wait for background tasks and return their results: pass task_ids, or wait_all=true for all unfinished tasks; with neither, returns as soon as any result arrives.",
  task_cancel: "Cancel one of your background tasks and everything it started.",
  task_list: "List your background tasks with their status.",
};

function toSpec(name: TaskToolName): ModelToolSpec {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(TASK_TOOL_SCHEMAS[name], { io: "input" }) as Record<
    string,
    unknown
  >;
  return { name, description: DESCRIPTIONS[name], parameters };
}

/** The task tool specs offered to main and orchestrator agents. */
export const TASK_TOOL_SPECS: readonly ModelToolSpec[] = (Object.keys(TASK_TOOL_SCHEMAS) as TaskToolName[]).map(toSpec);
