/**
 * Queries for runs and conversations: creating a queued run with its job,
 * cancel requests, and the reads of lists, span trees and event streams.
 */
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { RunNotFoundError } from "@/server/errors/run-not-found-error";
import { RUN_CANCEL_CHANNEL, type RunCancelRequest } from "@/server/runs/contract";
import { costsByDay, runRollups, type GraphDayRollup, type RunRollups } from "@/server/runs/persistence/rollups";
import { enqueueRun } from "@/server/runs/worker/enqueue-run";
import { toJsonInput } from "./json";
import { readQueryable, writeQueryable } from "./pg-queryable";
import {
  ACTIVE_RUN_STATUSES,
  conversationSelect,
  runRecordSelect,
  runSpanSelect,
  runSummarySelect,
  type ConversationRecord,
  type RunRecord,
  type RunSpanRecord,
  type RunStatus,
  type RunSummaryRecord,
} from "./run-records";

export type { ConversationRecord, RunRecord, RunSpanRecord, RunStatus, RunSummaryRecord } from "./run-records";

/** What a new run is made of; the service has validated and compiled it. */
export interface NewRun {
  workspaceId: string;
  graphId: string;
  graphName: string;
  /** A version run; null for a draft run (then `definition` and `draftRevision` are set). */
  versionId: string | null;
  draftRevision: number | null;
  definition: unknown;
  contentHash: string;
  input: string;
  options: unknown;
  simulated: boolean;
  createdById: string | null;
  /** Continue this conversation (checked to be the workspace's, of this graph); null: start one titled `title`. */
  conversationId: string | null;
  title: string;
}

/** The outcome of `createQueuedRun`. */
export type CreateRunResult =
  | { created: true; runId: string; conversationId: string }
  | { created: false; reason: "limit"; active: number }
  | { created: false; reason: "conversation" };

/** Filters of a run list (all optional, combined with AND). */
export interface RunListFilter {
  graphId?: string;
  versionId?: string;
  statuses?: RunStatus[];
  from?: Date;
  to?: Date;
  /** Case-insensitive substring of the input, output, error or graph name. */
  text?: string;
}

/** Where a page starts: after this run in (createdAt desc, id desc) order. */
export interface RunCursor {
  createdAt: Date;
  id: string;
}

/** A stored event row. */
export interface StoredEventRow {
  seq: number;
  data: unknown;
}

/** Stores and reads runs and conversations. */
export class RunRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * In one transaction: checks the workspace's concurrent-run limit (an
   * advisory lock per workspace orders concurrent starts, so the limit
   * holds under a burst), finds or creates the conversation, inserts the
   * queued run and enqueues its job. Nothing is written when it refuses.
   */
  async createQueuedRun(run: NewRun, maxActive: number): Promise<CreateRunResult> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ags_runs_start:${run.workspaceId}`}, 0))`;
      const active = await tx.run.count({
        where: { workspaceId: run.workspaceId, status: { in: [...ACTIVE_RUN_STATUSES] } },
      });
      if (active >= maxActive) return { created: false, reason: "limit", active };

      let conversationId = run.conversationId;
      if (conversationId === null) {
        const conversation = await tx.conversation.create({
          data: { workspaceId: run.workspaceId, graphId: run.graphId, title: run.title },
          select: { id: true },
        });
        conversationId = conversation.id;
      } else {
        const touched = await tx.conversation.updateMany({
          where: { id: conversationId, workspaceId: run.workspaceId, graphId: run.graphId },
          data: { updatedAt: new Date() },
        });
        if (touched.count === 0) return { created: false, reason: "conversation" };
      }

      const created = await tx.run.create({
        data: {
          workspaceId: run.workspaceId,
          graphId: run.graphId,
          versionId: run.versionId,
          draftRevision: run.draftRevision,
          ...(run.definition !== null && { definition: toJsonInput(run.definition, "definition") }),
          contentHash: run.contentHash,
          graphName: run.graphName,
          conversationId,
          input: run.input,
          options: toJsonInput(run.options, "options"),
          simulated: run.simulated,
          createdById: run.createdById,
        },
        select: { id: true },
      });
      // The queue's job, in this transaction: a worker can only see it once the run row is committed.
      await enqueueRun(writeQueryable(tx), created.id);
      return { created: true, runId: created.id, conversationId };
    });
  }

  /** Runs queued or running in the workspace. */
  async countActive(workspaceId: string): Promise<number> {
    return this.db.run.count({ where: { workspaceId, status: { in: [...ACTIVE_RUN_STATUSES] } } });
  }

  /** One run; throws `RunNotFoundError` (also for another workspace's run). */
  async get(workspaceId: string, runId: string): Promise<RunRecord> {
    const run = await this.db.run.findFirst({ where: { id: runId, workspaceId }, select: runRecordSelect });
    if (!run) throw new RunNotFoundError(runId, workspaceId);
    return run;
  }

  /** A page of the workspace's runs, newest first; one more than `limit` tells whether another page follows. */
  async list(
    workspaceId: string,
    filter: RunListFilter,
    cursor: RunCursor | null,
    limit: number,
  ): Promise<RunSummaryRecord[]> {
    const and: Prisma.RunWhereInput[] = [];
    if (filter.text !== undefined) {
      const contains = { contains: filter.text, mode: "insensitive" } as const;
      and.push({ OR: [{ input: contains }, { output: contains }, { error: contains }, { graphName: contains }] });
    }
    if (cursor)
      and.push(
        // `created_at <= c` bounds the index scan (a deep page starts at the cursor instead of walking every page
        // before it); the OR then drops the cursor's own row and its ties with larger ids.
        { createdAt: { lte: cursor.createdAt } },
        { OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }] },
      );
    return this.db.run.findMany({
      where: {
        workspaceId,
        ...(filter.graphId !== undefined && { graphId: filter.graphId }),
        ...(filter.versionId !== undefined && { versionId: filter.versionId }),
        ...(filter.statuses !== undefined && { status: { in: filter.statuses } }),
        ...((filter.from !== undefined || filter.to !== undefined) && {
          createdAt: {
            ...(filter.from !== undefined && { gte: filter.from }),
            ...(filter.to !== undefined && { lt: filter.to }),
          },
        }),
        AND: and,
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit + 1,
      select: runSummarySelect,
    });
  }

  /** The run's spans, in the order they started. */
  async spans(runId: string): Promise<RunSpanRecord[]> {
    return this.db.runSpan.findMany({
      where: { runId },
      orderBy: [{ startedAt: "asc" }, { spanId: "asc" }],
      select: runSpanSelect,
    });
  }

  /** The run's stored events in order. */
  async events(runId: string): Promise<StoredEventRow[]> {
    return this.db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" }, select: { seq: true, data: true } });
  }

  /** The stored definition of a draft run, or its version's. */
  async definition(runId: string): Promise<unknown> {
    const run = await this.db.run.findUniqueOrThrow({
      where: { id: runId },
      select: { definition: true, version: { select: { definition: true } } },
    });
    return run.definition ?? run.version?.definition ?? null;
  }

  /**
   * Asks for the run to stop: records the first request (time and reason)
   * on a queued or running run and tells the workers (NOTIFY, sent when the
   * transaction commits). Returns the run's status; nothing is written when
   * the run is already over.
   */
  async requestCancel(
    workspaceId: string,
    request: RunCancelRequest,
  ): Promise<{ status: RunStatus; requested: boolean }> {
    return this.db.$transaction(async (tx) => {
      const run = await tx.run.findFirst({ where: { id: request.runId, workspaceId }, select: { status: true } });
      if (!run) throw new RunNotFoundError(request.runId, workspaceId);
      const active = (ACTIVE_RUN_STATUSES as readonly RunStatus[]).includes(run.status);
      if (!active) return { status: run.status, requested: false };
      if (request.taskId === undefined) {
        await tx.$executeRaw`
          UPDATE runs SET cancel_requested_at = COALESCE(cancel_requested_at, now()),
                          cancel_reason = COALESCE(cancel_reason, ${request.reason})
          WHERE id = ${request.runId}::uuid`;
      }
      await tx.$executeRaw`SELECT pg_notify(${RUN_CANCEL_CHANNEL}, ${JSON.stringify(request)})`;
      return { status: run.status, requested: true };
    });
  }

  /** A background task's status, or null when the run has none with this id. */
  async taskStatus(runId: string, taskId: string): Promise<string | null> {
    const task = await this.db.backgroundTask.findUnique({
      where: { runId_taskId: { runId, taskId } },
      select: { status: true },
    });
    return task?.status ?? null;
  }

  /** Tokens and cost of the run in total, per agent, per model and per handoff edge (SQL over run_spans). */
  async rollups(runId: string): Promise<RunRollups> {
    return runRollups(readQueryable(this.db), runId);
  }

  /** Tokens and cost per graph per UTC day, for runs of the workspace created in [from, to). */
  async costsByDay(input: { workspaceId: string; from: Date; to: Date; graphId?: string }): Promise<GraphDayRollup[]> {
    return costsByDay(readQueryable(this.db), input);
  }

  /** The graph's conversations, most recently active first. */
  async conversations(workspaceId: string, graphId: string, limit: number): Promise<ConversationRecord[]> {
    return this.db.conversation.findMany({
      where: { workspaceId, graphId },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: limit,
      select: conversationSelect,
    });
  }

  /** One conversation, or null. */
  async conversation(workspaceId: string, conversationId: string): Promise<ConversationRecord | null> {
    return this.db.conversation.findFirst({ where: { id: conversationId, workspaceId }, select: conversationSelect });
  }

  /** The conversation's runs (its turns), oldest first. */
  async conversationRuns(conversationId: string): Promise<RunSummaryRecord[]> {
    return this.db.run.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: runSummarySelect,
    });
  }
}
