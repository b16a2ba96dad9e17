import type { RuntimeDefinition } from "../compiler/definition";
import type { ModelUsage } from "../models/model-port";
import { runAgent } from "./agent/run-agent";
import { timerFromSleep } from "./agent/model-step";
import { hasLimits } from "./budget/budget";
import { BudgetTracker } from "./budget/budget-tracker";
import { errorMessage } from "./errors";
import { RunCancelledError } from "./errors/run-cancelled-error";
import { EventBus } from "./event-bus";
import type { AgentStatus, RunStatus, RuntimeEvent } from "./events";
import { rootSessionKey } from "./handoff/session-key";
import type { RuntimePorts } from "./ports";
import { createPricing } from "./pricing-adapter";
import { consoleLogger, createSinkErrorReporter } from "./sink-error-reporter";
import { Span } from "./span";
import type { RunContext } from "./run-context";
import { type RunOptions, resolveRunOptions } from "./run-options";
import { TaskRegistry } from "./tasks/task-registry";
import { CancelScope } from "../shared/cancel-scope";
import { KeyedMutex } from "./util/keyed-mutex";

export interface RunGraphParams {
  /** The user's message for the root agent. */
  input: string;
  /** Conversation the run belongs to: scopes reused sessions, the root's memory and file workspaces. */
  conversationId?: string;
  ports: RuntimePorts;
  options?: RunOptions;
}

/** What a run ended with (also carried by RUN_END). */
export interface RunResult {
  runId: string;
  status: RunStatus;
  /** The root's final answer; when stopped early, its latest text (a partial result) or null. */
  output: string | null;
  error: string | null;
  usage: ModelUsage;
  /** USD of every priced model call in the tree. */
  costUsd: number;
  /** Model calls in the whole tree. */
  steps: number;
  durationMillis: number;
}

/** A started run. */
export interface RunHandle {
  readonly runId: string;
  readonly conversationId: string;
  /** The one ordered event stream; each iteration replays from RUN_START and ends after RUN_END. */
  readonly events: AsyncIterable<RuntimeEvent>;
  /**
   * The same stream in batches (everything emitted since the previous step),
   * for consumers that persist or forward events: one promise per batch instead of one per event.
   */
  readonly eventBatches: AsyncIterable<readonly RuntimeEvent[]>;
  /** Events emitted so far (live, read-only). */
  readonly emitted: readonly RuntimeEvent[];
  /** Settles after RUN_END; never rejects. */
  readonly result: Promise<RunResult>;
  /** Stops the run: every agent and task ends (AGENT_END / TASK_CANCELLED), then RUN_END `cancelled`. */
  cancel(reason?: string): void;
  /** Cancels one task and its descendants; false when no such task is running. */
  cancelTask(taskId: string, reason?: string): boolean;
}

/**
 * Executes a compiled graph. Starts immediately; the returned handle exposes
 * the event stream, the result and cancellation. Every path ends with RUN_END.
 */
export function runGraph(definition: RuntimeDefinition, params: RunGraphParams): RunHandle {
  const { ports } = params;
  const options = resolveRunOptions(params.options);
  const runId = ports.ids.newId("run");
  const conversationId = params.conversationId ?? ports.ids.newId("conversation");
  const sinks = ports.sinks ?? [];
  // A throwing sink is reported (never silently dropped), and never breaks the run or the other sinks.
  const reporter =
    sinks.length > 0 && !ports.onSinkError ? createSinkErrorReporter(ports.logger ?? consoleLogger) : null;
  const onSinkError = ports.onSinkError ?? reporter?.report;
  const bus = new EventBus(
    runId,
    ports.clock,
    sinks,
    onSinkError && ((error, event, sinkIndex) => onSinkError({ runId, sinkIndex, event, error })),
  );
  const cancel = CancelScope.fromSignal(params.options?.signal);
  const modelStop = new CancelScope();
  let spans = 0;
  const newSpanId = () => `s${++spans}`;
  const runSpan = new Span(bus, "RUN", newSpanId(), null, null, null);

  const budget = new BudgetTracker(definition.settings.budgets, ports.clock.now(), (error, site) => {
    (site ?? runSpan).point({
      type: "BUDGET_EXCEEDED",
      budget: error.budget,
      limit: error.limit,
      used: error.used,
      agentId: site?.agentId ?? null,
    });
    modelStop.abort(error);
  });

  const ctx: RunContext = {
    runId,
    conversationId,
    definition,
    ports,
    options,
    bus,
    budget,
    tasks: new TaskRegistry(),
    locks: new KeyedMutex(),
    sessionPrompts: new Map(),
    reuseSessionIds: null,
    cancel,
    modelStop,
    hasBudgets: hasLimits(definition.settings.budgets),
    pricing: createPricing(params.options?.priceTable),
    runSpan,
    timer: ports.timer ?? timerFromSleep(ports.sleep),
    newSpanId,
  };

  const settled = execute(ctx, params.input).catch((error: unknown) => crashResult(ctx, error));
  const result = reporter
    ? settled.then((outcome) => {
        reporter.flush(runId);
        return outcome;
      })
    : settled;

  return {
    runId,
    conversationId,
    events: bus,
    eventBatches: bus.batches(),
    emitted: bus.events,
    result,
    cancel: (reason) => cancel.abort(new RunCancelledError(reason ?? "run cancelled")),
    cancelTask: (taskId, reason) => {
      const task = ctx.tasks.get(taskId);
      if (!task || task.status !== "RUNNING") return false;
      task.cancel(reason ?? "task cancelled");
      return true;
    },
  };
}

async function execute(ctx: RunContext, input: string): Promise<RunResult> {
  const { definition, ports } = ctx;
  const startedAt = ports.clock.now();
  ctx.runSpan.start({
    type: "RUN_START",
    graphName: definition.graphName,
    rootAgentId: definition.rootAgentId,
    conversationId: ctx.conversationId,
    input,
    forceSync: ctx.options.forceSync,
  });

  const wallSeconds = definition.settings.budgets.maxWallSeconds;
  // On the timer port (cancelled when the run ends, whatever the reason): no signal or listener for it.
  const cancelWallTimer =
    wallSeconds !== undefined
      ? ctx.timer(wallSeconds * 1000, () => {
          if (!ctx.cancel.aborted) ctx.budget.exhaust("wall_time", wallSeconds, wallSeconds, null);
        })
      : null;

  let status: RunStatus;
  let output: string | null = null;
  let error: string | null = null;
  try {
    const root = definition.agents[definition.rootAgentId];
    if (!root) throw new Error(`root agent ${definition.rootAgentId} is not in the definition`);
    const key = rootSessionKey(ctx.conversationId, root.id);
    const stored = await ports.sessions.load(key);
    const sessionId = stored?.sessionId ?? ports.ids.newId("session");
    const outcome = await runAgent(ctx, {
      agent: root,
      path: root.id,
      depth: 0,
      sessionId,
      parentSpanId: ctx.runSpan.spanId,
      workspaceId: `${ctx.conversationId}:${root.id}`,
      modelChain: root.modelChain.length > 0 ? root.modelChain : ctx.options.defaultModelChain,
      history: stored?.messages ?? [],
      input,
      cancel: ctx.cancel,
    });
    // Only a finished turn is remembered: a stopped one could end in an unanswered tool call.
    status = runStatusFor(outcome.status);
    output = outcome.output;
    error = outcome.error;
    if (outcome.status === "completed") {
      try {
        await ports.sessions.save({
          key,
          sessionId,
          agentId: root.id,
          messages: outcome.messages,
          updatedAt: ports.clock.now(),
        });
      } catch (saveError) {
        status = "failed";
        error = `the answer could not be saved to the conversation: ${errorMessage(saveError)}`;
      }
    }
  } catch (thrown) {
    status = ctx.cancel.aborted ? "cancelled" : "failed";
    error = errorMessage(thrown);
  } finally {
    cancelWallTimer?.();
    ctx.cancel.dispose();
  }
  return endRun(ctx, { status, output, error, startedAt });
}

function runStatusFor(status: AgentStatus): RunStatus {
  switch (status) {
    case "completed":
      return "completed";
    case "cancelled":
      return "cancelled";
    case "budget_exceeded":
      return "budget_exceeded";
    default:
      return "failed";
  }
}

function endRun(
  ctx: RunContext,
  input: { status: RunStatus; output: string | null; error: string | null; startedAt: number },
): RunResult {
  const result: RunResult = {
    runId: ctx.runId,
    status: input.status,
    output: input.output,
    error: input.error,
    usage: { ...ctx.budget.usage },
    costUsd: ctx.budget.costUsd,
    steps: ctx.budget.steps,
    durationMillis: ctx.ports.clock.now() - input.startedAt,
  };
  ctx.runSpan.close({
    type: "RUN_END",
    status: result.status,
    output: result.output,
    error: result.error,
    usage: result.usage,
    costUsd: result.costUsd,
    steps: result.steps,
    durationMillis: result.durationMillis,
  });
  return result;
}

/** Last resort for a bug in the runtime: still end the stream with RUN_END. */
function crashResult(ctx: RunContext, error: unknown): RunResult {
  if (ctx.bus.isClosed) {
    const end = ctx.bus.events[ctx.bus.events.length - 1];
    if (end?.type === "RUN_END") {
      return {
        runId: ctx.runId,
        status: end.status,
        output: end.output,
        error: end.error,
        usage: end.usage,
        costUsd: end.costUsd,
        steps: end.steps,
        durationMillis: end.durationMillis,
      };
    }
  }
  return endRun(ctx, {
    status: "failed",
    output: null,
    error: `internal runtime error: ${errorMessage(error)}`,
    startedAt: ctx.ports.clock.now(),
  });
}
