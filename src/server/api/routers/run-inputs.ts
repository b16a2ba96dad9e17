/**
 * Input schemas of the runs and conversations routers, with messages a
 * person can act on (they reach the client through `zodErrorMessage`).
 */
import { z } from "zod";

import { graphIdSchema, versionNumberSchema } from "@/server/api/routers/inputs";
import { runOptionsSchema } from "@/server/runs/run-options";

/** The largest run input, in UTF-8 bytes. */
export const MAX_RUN_INPUT_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/** A run id (a UUID). */
export const runIdSchema = z.uuid({ error: "must be a run id (a UUID); runs.start and runs.list return them" });

/** A conversation id (a UUID). */
export const conversationIdSchema = z.uuid({
  error: "must be a conversation id (a UUID); runs.start and conversations.list return them",
});

/** What a run is given: text of at most 1 MB (UTF-8). */
export const runInputSchema = z
  .string({ error: "must be the run's input text" })
  .refine(
    // Each UTF-16 unit is at most 3 UTF-8 bytes: short texts need no encoding to be checked.
    (text) => text.length * 3 <= MAX_RUN_INPUT_BYTES || encoder.encode(text).byteLength <= MAX_RUN_INPUT_BYTES,
    { error: "is larger than the run input limit of 1 MB (1,048,576 bytes of UTF-8)" },
  )
  // PostgreSQL text cannot hold U+0000, and the run's events carry the input.
  .refine((text) => !text.includes("\u0000"), { error: "must not contain the NUL character (U+0000)" });

/** `runs.start`. */
export const startRunSchema = z.strictObject({
  graphId: graphIdSchema,
  version: z
    .union([versionNumberSchema, z.literal("draft")], { error: 'must be a version number or "draft"' })
    .optional(),
  input: runInputSchema,
  conversationId: conversationIdSchema.optional(),
  /** Validated here, stored as given, read back by the worker with the same schema. */
  options: runOptionsSchema.optional(),
});

/** The statuses a run can have. */
export const runStatusSchema = z.enum(["queued", "running", "completed", "failed", "cancelled", "budget_exceeded"], {
  error: "must be one of queued, running, completed, failed, cancelled, budget_exceeded",
});

const dateSchema = z.iso.datetime({ offset: true, error: "must be an ISO date-time, e.g. 2026-01-31T00:00:00Z" });

/** `runs.list`. */
export const listRunsSchema = z
  .strictObject({
    graphId: graphIdSchema.optional(),
    versionId: z.uuid({ error: "must be a version id (a UUID)" }).optional(),
    status: z.union([runStatusSchema, z.array(runStatusSchema).min(1).max(6)]).optional(),
    /** Runs created at or after this instant. */
    from: dateSchema.optional(),
    /** Runs created before this instant. */
    to: dateSchema.optional(),
    q: z
      .string()
      .trim()
      .min(1, "search text must not be empty")
      .max(200, "search text is at most 200 characters")
      .optional(),
    cursor: z.string().max(200, "is not a cursor runs.list returned").nullish(),
    limit: z.number().int("must be a whole number").min(1, "at least 1").max(200, "at most 200").default(50),
    /** Sent by tRPC's infinite queries (`infiniteQueryOptions`); lists page forward only. */
    direction: z.literal("forward", { error: "runs.list pages forward only" }).optional(),
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.from) < Date.parse(input.to), {
    error: "`from` must be before `to`",
    path: ["to"],
  });

/** `runs.events`: `lastEventId` is the last seq received (the SSE link sends it back on reconnect). */
export const runEventsSchema = z.strictObject({
  runId: runIdSchema,
  lastEventId: z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, "must be the id of an event of this stream (its seq)")
    .nullish(),
});

/** `runs.costsByDay`. */
export const costsByDaySchema = z
  .strictObject({
    from: dateSchema,
    to: dateSchema,
    graphId: graphIdSchema.optional(),
  })
  .refine((input) => Date.parse(input.from) < Date.parse(input.to), {
    error: "`from` must be before `to`",
    path: ["to"],
  })
  .refine((input) => Date.parse(input.to) - Date.parse(input.from) <= 366 * 86_400_000, {
    error: "the range is at most 366 days",
    path: ["to"],
  });

/** `runs.cancel`. */
export const cancelRunSchema = z.strictObject({
  runId: runIdSchema,
  reason: z
    .string()
    .trim()
    .min(1, "a reason must not be empty")
    .max(500, "a reason is at most 500 characters")
    .optional(),
});

/** `runs.cancelTask`. */
export const cancelTaskSchema = z.strictObject({
  runId: runIdSchema,
  taskId: z.string().min(1, "must be a task id (TASK_ACCEPTED events carry it)").max(200, "is not a task id"),
  reason: z
    .string()
    .trim()
    .min(1, "a reason must not be empty")
    .max(500, "a reason is at most 500 characters")
    .optional(),
});
