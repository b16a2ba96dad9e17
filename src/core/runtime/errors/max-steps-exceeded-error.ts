/** An agent used all its `maxSteps` model calls without giving a final answer. */
export class MaxStepsExceededError extends Error {
  constructor(
    readonly agentId: string,
    readonly maxSteps: number,
  ) {
    super(`agent ${agentId} reached maxSteps (${maxSteps}) without a final answer`);
    this.name = "MaxStepsExceededError";
  }
}
