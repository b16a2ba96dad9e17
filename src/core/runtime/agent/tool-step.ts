import type { ModelToolCall } from "../../models/model-port";
import { errorMessage } from "../errors";
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

/** One call: permission check (the executor, not the prompt, enforces the tool surface), dispatch, events. */
export async function executeToolCall(ctx: RunContext, frame: AgentFrame, call: ModelToolCall): Promise<string> {
  const { clock } = ctx.ports;
  const kind = frame.tools.kinds.get(call.name) ?? "unknown";
  const startedAt = clock.now();
  const span = openSpan(ctx, frame.span, {
    type: "TOOL_CALL_START",
    callId: call.id,
    tool: call.name,
    kind,
    arguments: call.arguments,
  });
  let outcome: ToolOutcome;
  try {
    if (frame.cancel.aborted) {
      outcome = { output: `error: not run: ${errorMessage(frame.cancel.reason)}`, isError: true };
    } else {
      switch (kind) {
        case "unknown":
          outcome = { output: notAllowedMessage(call.name, frame.agent.id), isError: true };
          break;
        case "handoff":
          outcome = await runHandoff(ctx, frame, frame.tools.handoffs.get(call.name)!, call, span);
          break;
        case "task":
          outcome = await runTaskTool(ctx, frame, call);
          break;
        case "builtin":
          outcome = await runBuiltinTool(ctx, frame, call);
          break;
        case "external":
          outcome = await runExternalTool(ctx, frame, call);
          break;
      }
    }
  } catch (error) {
    outcome = { output: `error: ${errorMessage(error)}`, isError: true };
  }
  span.close({
    type: "TOOL_CALL_END",
    callId: call.id,
    tool: call.name,
    output: outcome.output,
    isError: outcome.isError,
    durationMillis: clock.now() - startedAt,
  });
  return outcome.output;
}
