/**
 * Argument checks for the bench's worker processes, which people also start by
 * hand (see each worker's header): a bad value is a clear error, not NaN runs.
 */
import { RUNTIME_IDS, type RuntimeId } from "../runtimes/types";

/** A non-negative whole number (a count, or milliseconds); throws naming the flag. */
export function workerNumber(value: string, flag: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`${flag} needs a whole number ≥ 0, got "${value}"`);
  return n;
}

/** A runtime id from RUNTIME_IDS; throws naming the accepted ids. */
export function workerRuntime(value: string | undefined): RuntimeId {
  if (value && (RUNTIME_IDS as string[]).includes(value)) return value as RuntimeId;
  throw new Error(`--runtime needs one of ${RUNTIME_IDS.join(", ")}, got "${value ?? ""}"`);
}
