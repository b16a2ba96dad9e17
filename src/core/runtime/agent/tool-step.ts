import type { ModelToolCall } from "../../models/model-port";
import { errorMessage } from "../errors";
// eslint-disable-next-line import/no-cycle -- the allowed agent ↔ handoff recursion: a handoff runs a child agent
import { type ToolOutcome, runHandoff } from "../handoff/run-handoff";
import type { RunContext } from "../run-context";
import { openSpan } from "../span";
import { runTaskTool } from "../tasks/run-task-tool";
import { notAllowedMessage } from "../tools/permissions";
import { runBuiltinTool, runExternalTool } from "../tools/run-regular-tool";
import type { AgentFrame } from "./frame";

/**
 * Executes the tool calls of one model turn. With `parallelToolCalls` they run
 * concurrently as a fork-join barrier (seed 000 §0): the next model call waits
 * for all of them. Results are appended in call order. No call can throw.
 */
export async function toolStep(ctx: RunContext, frame: AgentFrame, calls: readonly ModelToolCall[]): Promise<void> {
  const outputs: string[] = new Array(calls.length);
  if (ctx.definition.settings.parallelToolCalls && calls.length > 1) {
    await Promise.all(
      calls.map((call, i) => executeToolCall(ctx, frame, call).then((output) => (outputs[i] = output))),
    );
  } else {
    for (let i = 0; i < calls.length; i++) outputs[i] = await executeToolCall(ctx, frame, calls[i]);
  }
  for (let i = 0; i < calls.length; i++) {
    frame.messages.push({ role: "tool", toolCallId: calls[i].id, toolName: calls[i].name, content: outputs[i] });
  }
}

/**
 * One call: permission check (the executor, not the prompt, enforces the tool
 * surface), dispatch, events. Not `async`: while a tool (or a sub-agent) runs,
 * only the continuation that closes the span is alive, not a suspended frame.
 * Calls that end without waiting (not allowed, already cancelled) close their
 * span at once, as before.
 */
export function executeToolCall(ctx: RunContext, frame: AgentFrame, call: ModelToolCall): Promise<string> {
  const clock = ctx.ports.clock;
  const kind = frame.tools.kinds.get(call.name) ?? "unknown";
  const startedAt = clock.now();
  const span = openSpan(ctx, frame.span, {
    type: "TOOL_CALL_START",
    callId: call.id,
    tool: call.name,
    kind,
    arguments: call.arguments,
  });
  const close = (outcome: ToolOutcome): string => {
    span.close({
      type: "TOOL_CALL_END",
      callId: call.id,
      tool: call.name,
      output: outcome.output,
      isError: outcome.isError,
      durationMillis: clock.now() - startedAt,
    });
    return outcome.output;
  };
  let pending: Promise<ToolOutcome>;
  try {
    if (frame.cancel.aborted) {
      return Promise.resolve(close({ output: `error: not run: ${errorMessage(frame.cancel.reason)}`, isError: true }));
    }
    switch (kind) {
      case "unknown":
        return Promise.resolve(close({ output: notAllowedMessage(call.name, frame.agent.id), isError: true }));
      case "handoff":
        pending = runHandoff(ctx, frame, frame.tools.handoffs.get(call.name)!, call, span);
        break;
      case "task":
        pending = runTaskTool(ctx, frame, call);
        break;
      case "builtin":
        pending = runBuiltinTool(ctx, frame, call);
        break;
      case "external":
        pending = runExternalTool(ctx, frame, call);
        break;
    }
  } catch (error) {
    pending = Promise.reject(error);
  }
  return pending.then(close, (error: unknown) => close({ output: `error: ${errorMessage(error)}`, isError: true }));
}
