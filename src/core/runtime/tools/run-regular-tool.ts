import type { ModelToolCall } from "../../models/model-port";
import type { AgentFrame } from "../agent/frame";
import { errorMessage } from "../errors";
import type { RunContext } from "../run-context";
import type { ToolRunContext } from "../ports";
import { builtinTool } from "./builtin-registry";
import { ToolInputError, describeZodError, parseToolArguments } from "./tool";

/** A tool result plus whether it reports a failure. */
export interface RegularToolOutcome {
  output: string;
  isError: boolean;
}

function runContext(ctx: RunContext, frame: AgentFrame): ToolRunContext {
  const cancel = frame.cancel;
  return {
    runId: ctx.runId,
    conversationId: ctx.conversationId,
    agentId: frame.agent.id,
    agentPath: frame.path,
    workspaceId: frame.workspaceId,
    // Created on first read: most tools never look at it.
    get signal() {
      return cancel.signal;
    },
  };
}

function invalidJson(name: string, detail: string): RegularToolOutcome {
  return { output: `error: invalid JSON arguments for tool ${name}: ${detail}`, isError: true };
}

/** Runs a built-in tool: JSON parse, zod validation, execute; every failure is a readable error result. */
export async function runBuiltinTool(
  ctx: RunContext,
  frame: AgentFrame,
  call: ModelToolCall,
): Promise<RegularToolOutcome> {
  const tool = builtinTool(call.name);
  if (!tool) return { output: `error: unknown built-in tool ${call.name}`, isError: true };
  const parsed = parseToolArguments(call.arguments);
  if (!parsed.ok) return invalidJson(call.name, parsed.error);
  const args = tool.schema.safeParse(parsed.value);
  if (!args.success)
    return { output: `error: invalid arguments for tool ${call.name}: ${describeZodError(args.error)}`, isError: true };
  try {
    const output = await tool.execute(args.data, {
      ...runContext(ctx, frame),
      files: ctx.ports.files,
      clock: ctx.ports.clock,
    });
    return { output, isError: false };
  } catch (error) {
    return { output: `error: ${error instanceof ToolInputError ? error.message : errorMessage(error)}`, isError: true };
  }
}

/** Runs a tool served by the `ToolRunner` port (HTTP/MCP later, custom executors). */
export async function runExternalTool(
  ctx: RunContext,
  frame: AgentFrame,
  call: ModelToolCall,
): Promise<RegularToolOutcome> {
  const runner = ctx.ports.tools;
  if (!runner || !runner.spec(call.name)) {
    return { output: `error: tool ${call.name} is not available in this environment`, isError: true };
  }
  const parsed = parseToolArguments(call.arguments);
  if (!parsed.ok) return invalidJson(call.name, parsed.error);
  try {
    const output = await runner.run(
      { callId: call.id, name: call.name, args: parsed.value, rawArguments: call.arguments },
      runContext(ctx, frame),
    );
    return { output, isError: false };
  } catch (error) {
    return { output: `error: ${errorMessage(error)}`, isError: true };
  }
}
