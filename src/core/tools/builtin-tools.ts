/**
 * Names of the built-in tools every workspace has. The runtime implements them
 * (virtual file workspace, calculator, clock); the compiler only needs the names.
 */
export const BUILTIN_TOOL_NAMES = [
  "read_file",
  "write_file",
  "list_files",
  "grep_files",
  "calculator",
  "current_time",
] as const;

export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** Task tools given to main and orchestrator agents (seed 002). */
export const TASK_TOOL_NAMES = ["task_output", "wait_async_results", "task_cancel", "task_list"] as const;

export type TaskToolName = (typeof TASK_TOOL_NAMES)[number];

/** True when `name` is a built-in tool. */
export function isBuiltinTool(name: string): name is BuiltinToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

/** True when `name` is a task tool. */
export function isTaskTool(name: string): name is TaskToolName {
  return (TASK_TOOL_NAMES as readonly string[]).includes(name);
}
