/**
 * Runs of one workspace: start (validate, compile or load the version,
 * create the run and its job), cancel a run or one background task, and
 * the reads the playground and trace views need (lists, the span tree, the
 * event export). Execution is the workers' (src/server/runs/worker), the
 * events are persistence's (src/server/runs/persistence).
 */
import { compile, parseRuntimeDefinition, type RuntimeDefinition } from "@/core/compiler";
import type { RuntimeEvent } from "@/core/runtime/events";
import type { PrismaClient } from "@/generated/prisma/client";
import { BackgroundTaskNotFoundError } from "@/server/errors/background-task-not-found-error";
import { ConversationNotFoundError } from "@/server/errors/conversation-not-found-error";
import { GraphCompileError } from "@/server/errors/graph-compile-error";
import { workspaceCompileOptions } from "@/server/services/workspace-compile-options";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { TooManyRunsError } from "@/server/errors/too-many-runs-error";
import { GraphRepository } from "@/server/repositories/graph-repository";
import { GraphVersionRepository } from "@/server/repositories/graph-version-repository";
import { RunRepository, type RunListFilter, type RunStatus } from "@/server/repositories/run-repository";
import type { GraphDayRollup, RunRollups } from "@/server/runs/persistence/rollups";
import type { RunOptions } from "@/server/runs/run-options";
import { buildSpanTree } from "./run-span-tree";
import {
  conversationItem,
  decodeCursor,
  detail,
  encodeCursor,
  listItem,
  type ConversationItem,
  type RunDetail,
  type RunListItem,
  type RunPage,
} from "./run-views";

export type { ConversationItem, RunDetail, RunListItem, RunPage } from "./run-views";
export { decodeCursor, encodeCursor } from "./run-views";

/** Options of a run as `runs.start` takes and stores them (`runOptionsSchema`, which the worker reads them with). */
export type { RunOptions };

/** What `runs.start` needs. */
export interface StartRunInput {
  graphId: string;
  /** A version number, "draft", or absent: the published version, else the draft. */
  version?: number | "draft";
  input: string;
  conversationId?: string;
  options?: RunOptions;
}

/** What a cancel did. */
export interface CancelResult {
  runId: string;
  taskId: string | null;
  /** The run's status when the request was made. */
  status: RunStatus;
  /** False when there was nothing to cancel (the run or task is over); nothing was written then. */
  requested: boolean;
  message: string;
}

/** The service's limits. */
export interface RunServiceOptions {
  /** Most runs queued or running at once in the workspace. */
  maxConcurrentRuns: number;
}

const TITLE_CHARS = 80;
const DEFAULT_CANCEL_REASON = "cancelled by request";

/** The conversation title from the first input: its first non-empty line, cut to 80 characters. */
export function conversationTitle(input: string): string {
  const line = input
    .split(/\r?\n/)
    .map((text) => text.trim())
    .find((text) => text.length > 0);
  if (!line) return "Untitled conversation";
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

/** True when every model the definition can reach is the scripted (simulated) one. */
export function isSimulated(definition: RuntimeDefinition): boolean {
  return Object.values(definition.agents).every(
    (agent) =>
      agent.modelChain.every((entry) => entry.provider === "scripted") &&
      agent.handoffs.every((handoff) => handoff.modelChain.every((entry) => entry.provider === "scripted")),
  );
}

/** What a run executes: a version's definition, or a compiled snapshot of the draft. */
interface RunTarget {
  versionId: string | null;
  draftRevision: number | null;
  /** Stored on the run for a draft run only (a version run reads its version's). */
  snapshot: RuntimeDefinition | null;
  definition: RuntimeDefinition;
  contentHash: string;
}

/** The runs service of one workspace. */
export class RunService {
  private readonly runs: RunRepository;
  private readonly graphs: GraphRepository;
  private readonly versions: GraphVersionRepository;

  constructor(
    private readonly db: PrismaClient,
    private readonly workspaceId: string,
    private readonly options: RunServiceOptions,
  ) {
    this.runs = new RunRepository(db);
    this.graphs = new GraphRepository(db);
    this.versions = new GraphVersionRepository(db);
  }

  /**
   * Creates a queued run and its job, and returns at once. Refuses (writing
   * nothing) an unknown graph, version or conversation, a draft that does
   * not compile (with the diagnostics), and a start past the workspace's
   * concurrent-run limit.
   */
  async start(input: StartRunInput): Promise<{ runId: string; conversationId: string }> {
    const ref = { workspaceId: this.workspaceId, graphId: input.graphId };
    const graph = await this.graphs.get(ref);
    const target = await this.target(graph.id, graph.draft, graph.revision, input.version);
    const options: RunOptions = {
      ...(input.options?.forceSync !== undefined && { forceSync: input.options.forceSync }),
      ...(input.options?.budgets !== undefined && { budgets: input.options.budgets }),
    };
    const result = await this.runs.createQueuedRun(
      {
        workspaceId: this.workspaceId,
        graphId: graph.id,
        graphName: graph.name,
        versionId: target.versionId,
        draftRevision: target.draftRevision,
        definition: target.snapshot,
        contentHash: target.contentHash,
        input: input.input,
        options,
        simulated: isSimulated(target.definition),
        createdById: null,
        conversationId: input.conversationId ?? null,
        title: conversationTitle(input.input),
      },
      this.options.maxConcurrentRuns,
    );
    if (result.created) return { runId: result.runId, conversationId: result.conversationId };
    if (result.reason === "limit")
      throw new TooManyRunsError(this.workspaceId, result.active, this.options.maxConcurrentRuns);
    throw new ConversationNotFoundError(input.conversationId ?? "", this.workspaceId, graph.id);
  }

  private async target(
    graphId: string,
    draft: unknown,
    revision: number,
    version: number | "draft" | undefined,
  ): Promise<RunTarget> {
    const ref = { workspaceId: this.workspaceId, graphId };
    const number = version ?? (await this.versions.publishedVersion(ref)) ?? "draft";
    if (number === "draft") {
      const compiled = compile(draft, await workspaceCompileOptions(this.db, this.workspaceId));
      if (compiled.definition === null || compiled.hash === null)
        throw new GraphCompileError(graphId, compiled.diagnostics, "so its draft cannot run");
      return {
        versionId: null,
        draftRevision: revision,
        snapshot: compiled.definition,
        definition: compiled.definition,
        contentHash: compiled.hash,
      };
    }
    const stored = await this.versions.get({ ...ref, version: number });
    let definition: RuntimeDefinition;
    try {
      definition = parseRuntimeDefinition(stored.definition);
    } catch (error) {
      throw new InvalidInputError(
        `Version ${number} of graph ${graphId} holds a definition this server cannot run (${(error as Error).message}). Create a new version from the draft.`,
      );
    }
    return { versionId: stored.id, draftRevision: null, snapshot: null, definition, contentHash: stored.contentHash };
  }

  /** Asks the worker holding the run to stop it (and all its descendants). */
  async cancel(runId: string, reason = DEFAULT_CANCEL_REASON): Promise<CancelResult> {
    const { status, requested } = await this.runs.requestCancel(this.workspaceId, { runId, reason });
    return {
      runId,
      taskId: null,
      status,
      requested,
      message: requested
        ? `Cancel requested for run ${runId} (${status}); its stream ends with RUN_END cancelled.`
        : `Run ${runId} is already over (${status}); nothing to cancel.`,
    };
  }

  /** Asks the worker holding the run to cancel one background task and its descendants. */
  async cancelTask(runId: string, taskId: string, reason = DEFAULT_CANCEL_REASON): Promise<CancelResult> {
    const run = await this.runs.get(this.workspaceId, runId);
    const taskStatus = await this.runs.taskStatus(runId, taskId);
    if (taskStatus === null) throw new BackgroundTaskNotFoundError(runId, taskId);
    if (taskStatus !== "RUNNING")
      return {
        runId,
        taskId,
        status: run.status,
        requested: false,
        message: `Task ${taskId} of run ${runId} is already over (${taskStatus}); nothing to cancel.`,
      };
    const { status, requested } = await this.runs.requestCancel(this.workspaceId, { runId, taskId, reason });
    return {
      runId,
      taskId,
      status,
      requested,
      message: requested
        ? `Cancel requested for task ${taskId} of run ${runId}.`
        : `Run ${runId} is already over (${status}); nothing to cancel.`,
    };
  }

  /** Throws `RunNotFoundError` unless the run is the workspace's; returns its status. */
  async requireRun(runId: string): Promise<RunStatus> {
    return (await this.runs.get(this.workspaceId, runId)).status;
  }

  /** A page of runs, newest first. */
  async list(filter: RunListFilter, cursor: string | undefined, limit: number): Promise<RunPage> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    const rows = await this.runs.list(this.workspaceId, filter, after, limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(listItem),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }

  /** The run with its span tree. */
  async get(runId: string): Promise<RunDetail> {
    const run = await this.runs.get(this.workspaceId, runId);
    return detail(run, buildSpanTree(await this.runs.spans(runId)));
  }

  /** Tokens and cost of the run in total, per agent, per model and per handoff edge (retries and fallback hops each priced). */
  async rollups(runId: string): Promise<RunRollups> {
    await this.runs.get(this.workspaceId, runId);
    return this.runs.rollups(runId);
  }

  /** Tokens and cost per graph per UTC day over runs created in [from, to), optionally of one graph. */
  async costsByDay(from: Date, to: Date, graphId?: string): Promise<GraphDayRollup[]> {
    if (graphId !== undefined) await this.graphs.get({ workspaceId: this.workspaceId, graphId });
    return this.runs.costsByDay({ workspaceId: this.workspaceId, from, to, graphId });
  }

  /** The run, its definition and every stored event, for a file. */
  async exportTrace(runId: string): Promise<{
    format: "agent-graph-studio/trace";
    formatVersion: 1;
    fileName: string;
    run: Omit<RunDetail, "spans">;
    definition: unknown;
    events: RuntimeEvent[];
  }> {
    const run = await this.runs.get(this.workspaceId, runId);
    const [definition, rows] = await Promise.all([this.runs.definition(runId), this.runs.events(runId)]);
    const { spans: _spans, ...summary } = detail(run, []);
    return {
      format: "agent-graph-studio/trace",
      formatVersion: 1,
      fileName: `run-${runId}.json`,
      run: summary,
      definition,
      events: rows.map((row) => row.data as RuntimeEvent),
    };
  }

  /** The graph's conversations, most recently active first. */
  async conversations(graphId: string, limit: number): Promise<ConversationItem[]> {
    await this.graphs.get({ workspaceId: this.workspaceId, graphId });
    return (await this.runs.conversations(this.workspaceId, graphId, limit)).map(conversationItem);
  }

  /** One conversation with its runs (turns), oldest first. */
  async conversation(conversationId: string): Promise<ConversationItem & { runs: RunListItem[] }> {
    const conversation = await this.runs.conversation(this.workspaceId, conversationId);
    if (!conversation) throw new ConversationNotFoundError(conversationId, this.workspaceId);
    const runs = await this.runs.conversationRuns(conversationId);
    return { ...conversationItem(conversation), runs: runs.map(listItem) };
  }
}
