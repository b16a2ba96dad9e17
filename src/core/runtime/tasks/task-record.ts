import type { TaskStatus } from "../events";

/** A background (or promoted) handoff running as a task, owned by the session that started it. */
export interface TaskRecord {
  readonly id: string;
  /** The child agent running the task. */
  readonly agentId: string;
  readonly ownerAgentId: string;
  readonly tool: string;
  readonly label: string | null;
  readonly handoffId: string;
  readonly childSessionKey: string;
  readonly spanId: string;
  readonly startedAt: number;
  status: TaskStatus;
  output: string | null;
  error: string | null;
  steps: number;
  attempts: number;
  /** Its result reached the owner's model (announce, task_output, wait_async_results or task_cancel). */
  delivered: boolean;
  /** Resolves once the task reached a terminal status and its event was emitted. */
  readonly settled: Promise<void>;
  /** Aborts the task's child (cascading to its descendants). */
  cancel(reason: string): void;
}

/** The JSON a task tool returns for one task. */
export function describeTask(task: TaskRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { task_id: task.id, agent: task.agentId, status: task.status };
  if (task.label !== null) view.label = task.label;
  if (task.output !== null) view.output = task.output;
  if (task.error !== null) view.error = task.error;
  return view;
}
