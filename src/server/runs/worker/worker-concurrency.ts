import { z } from "zod";

/** Jobs one worker runs at once (STACK.md: graphile-worker `concurrency: 10`). */
export const DEFAULT_WORKER_CONCURRENCY = 10;

const concurrencySchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce.number().int().min(1).max(1000).default(DEFAULT_WORKER_CONCURRENCY),
);

/** `AGS_WORKER_CONCURRENCY` (unset: 10); throws a sentence naming the variable when it is not 1–1000. */
export function parseWorkerConcurrency(value: string | undefined = process.env.AGS_WORKER_CONCURRENCY): number {
  const parsed = concurrencySchema.safeParse(value);
  if (!parsed.success) throw new Error("AGS_WORKER_CONCURRENCY must be a whole number from 1 to 1000.");
  return parsed.data;
}
