export { BudgetExceededError } from "./budget-exceeded-error";
export { HandoffTimeoutError } from "./handoff-timeout-error";
export { MaxStepsExceededError } from "./max-steps-exceeded-error";
export { RunCancelledError } from "./run-cancelled-error";

/** A readable one-line message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
