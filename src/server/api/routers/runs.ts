import { tracked, TRPCError } from "@trpc/server";
import { z } from "zod";

import {
  cancelRunSchema,
  cancelTaskSchema,
  costsByDaySchema,
  listRunsSchema,
  runEventsSchema,
  runIdSchema,
  startRunSchema,
} from "@/server/api/routers/run-inputs";
import { createTRPCRouter, workspaceProcedure, type TRPCContext } from "@/server/api/trpc";
import { parseServerEnv } from "@/server/env";
import { getRunEventHub } from "@/server/runs/live/process-hub";
import { type RunEventHub, RunEventHubClosedError } from "@/server/runs/live/run-event-hub";
import { RunService } from "@/server/services/runs";

/** The runs service of the caller's workspace, with the limits from the environment. */
export function runService(ctx: TRPCContext & { workspace: { id: string } }): RunService {
  return new RunService(ctx.getDb(), ctx.workspace.id, {
    maxConcurrentRuns: parseServerEnv().AGS_MAX_CONCURRENT_RUNS,
  });
}

/**
 * Runs: start one on a worker, stop it, stream its events live, and read
 * it back (lists, span tree, export). Thin: the rules are in `RunService`,
 * the live stream in `RunEventHub`.
 */
export const runsRouter = createTRPCRouter({
  /**
   * Creates a queued run of the graph's version (default: the published
   * one, else the draft) and its job in one transaction; returns at once.
   */
  start: workspaceProcedure("editor")
    .input(startRunSchema)
    .mutation(({ ctx, input }) => runService(ctx).start(input)),

  /** Asks the worker holding the run to stop it and every descendant; a finished run is left as it is. */
  cancel: workspaceProcedure("editor")
    .input(cancelRunSchema)
    .mutation(({ ctx, input }) => runService(ctx).cancel(input.runId, input.reason)),

  /** Asks the worker holding the run to cancel one background task and its descendants. */
  cancelTask: workspaceProcedure("editor")
    .input(cancelTaskSchema)
    .mutation(({ ctx, input }) => runService(ctx).cancelTask(input.runId, input.taskId, input.reason)),

  /**
   * The run's events after `lastEventId` (each tracked by its seq, so the
   * SSE link resumes where it stopped): stored ones first, then the live
   * tail; ends after RUN_END. A finished run's stream is its stored events.
   */
  events: workspaceProcedure("viewer")
    .input(runEventsSchema)
    .subscription(async ({ ctx, input, signal }) => {
      await runService(ctx).requireRun(input.runId);
      let hub: RunEventHub;
      try {
        hub = ctx.getRunEvents?.() ?? getRunEventHub();
      } catch (error) {
        throw shuttingDownAsUnavailable(error);
      }
      const afterSeq = input.lastEventId == null ? -1 : Number(input.lastEventId);
      return (async function* () {
        try {
          for await (const { seq, event } of hub.subscribe(input.runId, afterSeq, signal))
            yield tracked(String(seq), event);
        } catch (error) {
          throw shuttingDownAsUnavailable(error);
        }
      })();
    }),

  /** The workspace's runs, newest first, filtered, a page at a time. */
  list: workspaceProcedure("viewer")
    .input(listRunsSchema)
    .query(({ ctx, input }) =>
      runService(ctx).list(
        {
          graphId: input.graphId,
          versionId: input.versionId,
          statuses: input.status === undefined ? undefined : [input.status].flat(),
          from: input.from === undefined ? undefined : new Date(input.from),
          to: input.to === undefined ? undefined : new Date(input.to),
          text: input.q,
        },
        input.cursor ?? undefined,
        input.limit,
      ),
    ),

  /** One run with its span tree. */
  get: workspaceProcedure("viewer")
    .input(z.strictObject({ runId: runIdSchema }))
    .query(({ ctx, input }) => runService(ctx).get(input.runId)),

  /** Tokens and cost of the run: in total, per agent, per model and per handoff edge (computed in SQL). */
  rollups: workspaceProcedure("viewer")
    .input(z.strictObject({ runId: runIdSchema }))
    .query(({ ctx, input }) => runService(ctx).rollups(input.runId)),

  /** Tokens and cost per graph per UTC day over runs created in [from, to). */
  costsByDay: workspaceProcedure("viewer")
    .input(costsByDaySchema)
    .query(({ ctx, input }) => runService(ctx).costsByDay(new Date(input.from), new Date(input.to), input.graphId)),

  /** The run, its definition and all its events, as one JSON value for a file. */
  exportTrace: workspaceProcedure("viewer")
    .input(z.strictObject({ runId: runIdSchema }))
    .query(({ ctx, input }) => runService(ctx).exportTrace(input.runId)),
});

/**
 * A hub closed because this server is stopping becomes SERVICE_UNAVAILABLE,
 * which tRPC's SSE link treats as "reconnect": the stream resumes from its
 * last event on another (or the restarted) server. Other errors pass as they are.
 */
function shuttingDownAsUnavailable(error: unknown): unknown {
  if (!(error instanceof RunEventHubClosedError)) return error;
  return new TRPCError({
    code: "SERVICE_UNAVAILABLE",
    message: "This server is shutting down; reconnect to resume the run's events.",
    cause: error,
  });
}
