/** The run, a task or an ancestor agent was cancelled; used as the abort reason. */
export class RunCancelledError extends Error {
  constructor(readonly reason: string = "cancelled") {
    super(reason);
    this.name = "RunCancelledError";
  }
}
