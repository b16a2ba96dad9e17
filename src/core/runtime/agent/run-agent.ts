import type { AgentDefinition } from "../../compiler/definition";
import type { ChatMessage } from "../../models/model-port";
import type { ModelChain } from "../../models/model-ref";
import { errorMessage } from "../errors";
import { BudgetExceededError } from "../errors/budget-exceeded-error";
import { HandoffTimeoutError } from "../errors/handoff-timeout-error";
import { MaxStepsExceededError } from "../errors/max-steps-exceeded-error";
import type { AgentStatus } from "../events";
import type { RunContext } from "../run-context";
import { openSpan } from "../span";
import { formatAnnounce } from "../tasks/announce";
import { TaskMailbox } from "../tasks/task-mailbox";
import { CancelScope, type CancelToken } from "../../shared/cancel-scope";
import type { AgentFrame } from "./frame";
import { modelStep } from "./model-step";
import { type NextStep, decideNextStep } from "./next-step";
import { continuedPrompt, rememberPrompt } from "./session-prompt";
import { roleForDepth } from "./role";
// eslint-disable-next-line import/no-cycle -- the allowed agent ↔ handoff recursion: a handoff runs a child agent
import { toolStep } from "./tool-step";
import { initialMessages } from "./transcript";
import { visibleToolsFor } from "./visible-tools";

/** Where and how to run one agent session. */
export interface AgentRunSpec {
  agent: AgentDefinition;
  path: string;
  depth: number;
  sessionId: string;
  parentSpanId: string;
  workspaceId: string;
  modelChain: ModelChain;
  /** Prior transcript (reused session, fork copy, earlier conversation turns), without a system prompt. */
  history: readonly ChatMessage[];
  /** A REUSE_SESSION activation: its trace may continue the session's previous activation in this run. */
  reusedSession?: boolean;
  input: string;
  /** Cancels this agent (and its descendants). */
  cancel: CancelToken;
}

/** How an agent session ended. */
export interface AgentOutcome {
  status: AgentStatus;
  /** The final answer, or the latest text when stopped early. */
  output: string | null;
  error: string | null;
  steps: number;
  /** The transcript without the system prompt (what a reused session stores). */
  messages: ChatMessage[];
}

/**
 * Runs one agent session: AGENT_START, the ReAct loop, AGENT_END — exactly
 * once each, whatever happens. The session does not end while tasks it
 * started are running: it answers, waits, is woken by their announce and
 * answers again, so its own result (and announce) waits for its descendants.
 */
export async function runAgent(ctx: RunContext, spec: AgentRunSpec): Promise<AgentOutcome> {
  const frame = createFrame(ctx, spec);

  let outcome: AgentOutcome;
  try {
    // The ReAct loop runs in this frame: one async frame per agent alive across each model wait, not two.
    const maxSteps = frame.agent.maxSteps;
    let stepsUsed = 0;
    let output: string | null = null;
    while (output === null) {
      throwIfStopped(ctx, frame);
      deliverAnnounce(ctx, frame);
      const response = await modelStep(ctx, frame);
      stepsUsed++;
      frame.steps++;
      const calls = response.toolCalls;
      frame.messages.push(
        calls.length > 0
          ? { role: "assistant", content: response.text, toolCalls: calls }
          : { role: "assistant", content: response.text },
      );
      if (response.text !== "") frame.lastText = response.text;
      if (calls.length > 0) await toolStep(ctx, frame, calls);

      let next: NextStep = decide(frame, calls.length, stepsUsed, maxSteps, response.text);
      while (next.type === "wait_for_tasks") {
        await frame.mailbox.waitForChange(frame.cancel);
        throwIfStopped(ctx, frame);
        next = decide(frame, 0, stepsUsed, maxSteps, response.text);
      }
      switch (next.type) {
        case "run_again":
          break;
        case "max_steps":
          throw new MaxStepsExceededError(frame.agent.id, maxSteps);
        case "deliver_announce":
          // A wake-up is a new activation with its own maxSteps (as a new turn of the session).
          stepsUsed = 0;
          break;
        case "final_output":
          output = next.output;
          break;
      }
    }
    outcome = finished(frame, "completed", output, null);
  } catch (error) {
    outcome = outcomeFromError(ctx, frame, error);
  }

  if (frame.mailbox.running > 0) {
    if (outcome.status !== "completed") {
      for (const task of frame.mailbox.runningTasks())
        task.cancel(`owner agent ${frame.agent.id} ended: ${outcome.status}`);
    }
    await frame.mailbox.allSettled();
  }

  // The next activation of a reused session continues this one's prompt chain in the trace.
  if (spec.reusedSession) rememberPrompt(ctx, frame);
  frame.span.close({
    type: "AGENT_END",
    status: outcome.status,
    output: outcome.output,
    error: outcome.error,
    steps: frame.steps,
    durationMillis: ctx.ports.clock.now() - frame.startedAt,
  });
  frame.ownModelScope?.dispose();
  return outcome;
}

function decide(frame: AgentFrame, toolCalls: number, stepsUsed: number, maxSteps: number, text: string): NextStep {
  return decideNextStep({
    toolCalls,
    stepsUsed,
    maxSteps,
    text,
    undelivered: frame.mailbox.undelivered,
    runningTasks: frame.mailbox.running,
  });
}

function throwIfStopped(ctx: RunContext, frame: AgentFrame): void {
  if (frame.cancel.aborted) throw frame.cancel.reason;
  if (ctx.budget.exhausted) throw ctx.budget.exhausted;
}

/** Injects finished task results as one `<system-reminder>` before the next model call. */
function deliverAnnounce(ctx: RunContext, frame: AgentFrame): void {
  if (frame.mailbox.undelivered === 0) return;
  const tasks = frame.mailbox.take(ctx.options.announceMaxTasks);
  const remaining = frame.mailbox.undelivered;
  const text = formatAnnounce(
    tasks.map((task) => ({
      taskId: task.id,
      agentId: task.agentId,
      status: task.status,
      summary: task.output ?? task.error ?? "",
    })),
    remaining,
    frame.depth > 0,
  );
  frame.messages.push({ role: "user", content: text });
  frame.span.point({
    type: "ANNOUNCE",
    taskIds: tasks.map((task) => task.id),
    remaining,
    text,
  });
}

function outcomeFromError(ctx: RunContext, frame: AgentFrame, error: unknown): AgentOutcome {
  const cancel = frame.cancel;
  if (cancel.aborted) {
    const reason: unknown = cancel.reason;
    return finished(
      frame,
      reason instanceof HandoffTimeoutError ? "timeout" : "cancelled",
      frame.lastText,
      errorMessage(reason),
    );
  }
  if (error instanceof BudgetExceededError || ctx.budget.exhausted) {
    return finished(frame, "budget_exceeded", frame.lastText, (ctx.budget.exhausted ?? (error as Error)).message);
  }
  if (error instanceof MaxStepsExceededError) return finished(frame, "max_steps", frame.lastText, error.message);
  return finished(frame, "failed", frame.lastText, errorMessage(error));
}

function finished(frame: AgentFrame, status: AgentStatus, output: string | null, error: string | null): AgentOutcome {
  return { status, output, error, steps: frame.steps, messages: frame.messages.slice(frame.hasSystem ? 1 : 0) };
}

function createFrame(ctx: RunContext, spec: AgentRunSpec): AgentFrame {
  const role = roleForDepth(spec.depth, ctx.definition.settings.maxSpawnDepth);
  const messages = initialMessages(spec.agent.instructions, spec.history, spec.input);
  // Without budgets nothing but cancellation stops a model call: the agent's own token serves both.
  const ownModelScope = ctx.hasBudgets ? CancelScope.linked(spec.cancel, ctx.modelStop) : null;
  const first = spec.modelChain[0];
  const source = spec.depth === 0 ? null : spec.path;
  const span = openSpan(
    ctx,
    { spanId: spec.parentSpanId, source, agentId: spec.agent.id },
    {
      type: "AGENT_START",
      agentName: spec.agent.name,
      depth: spec.depth,
      role,
      sessionId: spec.sessionId,
      input: spec.input,
    },
  );
  // A reused session activated again continues its previous activation's prompt chain in the trace.
  const continues = spec.reusedSession ? continuedPrompt(ctx, spec.sessionId, messages) : null;
  return {
    agent: spec.agent,
    path: spec.path,
    source,
    depth: spec.depth,
    role,
    sessionId: spec.sessionId,
    span,
    workspaceId: spec.workspaceId,
    modelChain: spec.modelChain,
    tools: visibleToolsFor({
      agent: spec.agent,
      role,
      definition: ctx.definition,
      forceSync: ctx.options.forceSync,
      runner: ctx.ports.tools,
    }),
    cancel: spec.cancel,
    modelCancel: ownModelScope ?? spec.cancel,
    ownModelScope,
    prices: first ? ctx.pricing.perToken(first) : { input: 0, output: 0 },
    messages,
    hasSystem: messages[0]?.role === "system",
    promptSpanId: continues ? continues.spanId : null,
    promptCount: continues ? continues.count : 0,
    mailbox: new TaskMailbox(),
    activeChildren: 0,
    steps: 0,
    lastText: null,
    startedAt: ctx.ports.clock.now(),
  };
}
