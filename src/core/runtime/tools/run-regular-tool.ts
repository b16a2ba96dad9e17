import type { ModelToolCall } from "../../models/model-port";
import type { AgentFrame } from "../agent/frame";
import { errorMessage } from "../errors";
import type { RunContext } from "../run-context";
import type { Clock, FileWorkspace, ToolRunContext } from "../ports";
import type { CancelToken } from "../../shared/cancel-scope";
import { builtinTool } from "./builtin-registry";
import { type BuiltinToolContext, ToolInputError, describeZodError, parseToolArguments } from "./tool";

/** A tool result plus whether it reports a failure. */
export interface RegularToolOutcome {
  output: string;
  isError: boolean;
}

/**
 * The context a tool gets. `signal` is a prototype getter, created on first
 * read (most tools never look at it) — not an object literal with a getter,
 * which costs an accessor pair, a closure and a slow object shape per call.
 */
class ToolContext implements ToolRunContext {
  readonly runId: string;
  readonly conversationId: string;
  readonly agentId: string;
  readonly agentPath: string;
  readonly workspaceId: string;
  readonly #cancel: CancelToken;

  constructor(ctx: RunContext, frame: AgentFrame) {
    this.runId = ctx.runId;
    this.conversationId = ctx.conversationId;
    this.agentId = frame.agent.id;
    this.agentPath = frame.path;
    this.workspaceId = frame.workspaceId;
    this.#cancel = frame.cancel;
  }

  get signal(): AbortSignal {
    return this.#cancel.signal;
  }
}

/** A built-in tool's context: the call's plus the run's files and clock. */
class BuiltinContext extends ToolContext implements BuiltinToolContext {
  readonly files: FileWorkspace;
  readonly clock: Clock;

  constructor(ctx: RunContext, frame: AgentFrame) {
    super(ctx, frame);
    this.files = ctx.ports.files;
    this.clock = ctx.ports.clock;
  }
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
    const output = await tool.execute(args.data, new BuiltinContext(ctx, frame));
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
      new ToolContext(ctx, frame),
    );
    return { output, isError: false };
  } catch (error) {
    return { output: `error: ${errorMessage(error)}`, isError: true };
  }
}
