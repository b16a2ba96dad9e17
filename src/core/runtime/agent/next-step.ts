/**
 * What the agent loop does after a model turn (the tagged union of
 * openai-agents' `runner/steps.ts`, plus our task states).
 */
export type NextStep =
  /** Tool results were appended: call the model again. */
  | { type: "run_again" }
  /** The turn had tool calls but the activation used all its steps. */
  | { type: "max_steps" }
  /** Answered, but finished tasks are waiting to be announced: wake the agent. */
  | { type: "deliver_announce" }
  /** Answered while own tasks still run: wait for one to settle. */
  | { type: "wait_for_tasks" }
  /** Answered and nothing is pending: done. */
  | { type: "final_output"; output: string };

export interface NextStepInput {
  /** Tool calls in the turn just made (0 = a final answer). */
  toolCalls: number;
  /** Model calls made in this activation (since the input or the last wake-up). */
  stepsUsed: number;
  maxSteps: number;
  text: string;
  /** Finished tasks not yet delivered. */
  undelivered: number;
  /** Own tasks still running. */
  runningTasks: number;
}

/** Pure decision; the loop performs it. */
export function decideNextStep(input: NextStepInput): NextStep {
  if (input.toolCalls > 0) return input.stepsUsed >= input.maxSteps ? { type: "max_steps" } : { type: "run_again" };
  if (input.undelivered > 0) return { type: "deliver_announce" };
  if (input.runningTasks > 0) return { type: "wait_for_tasks" };
  return { type: "final_output", output: input.text };
}
