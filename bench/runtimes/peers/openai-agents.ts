/**
 * @openai/agents: one `Agent` per logical agent, each with a custom `Model`
 * that answers from the shared script. Delegation uses `agent.asTool()` (the
 * SDK's agents-as-tools, which runs the tool calls of one turn concurrently);
 * `handoffs` would transfer control instead of fanning out, so they cannot
 * express a parallel parent/children run.
 */
import { Agent, Runner, Usage, setTracingDisabled, tool } from "@openai/agents";
import type { AgentInputItem, Model, ModelRequest, ModelResponse, Tool } from "@openai/agents";
import { z } from "zod";
import { add, recordModelCall, turnFor, type AgentScript, type ScenarioSpec } from "../../lib/scripts";
import { sleep } from "../../lib/sleep";
import { installedVersion } from "../../lib/versions";
import { newCounters, type BenchRuntime, type Counters, type PrepareOptions, type PreparedScenario } from "../types";

class ScriptedModel implements Model {
  constructor(
    private readonly script: AgentScript,
    private readonly counters: Counters,
    private readonly latencyMs: number,
    private readonly toolNameFor: (child: string) => string,
  ) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const input = request.input;
    let seen = 0;
    if (typeof input !== "string")
      for (const item of input as AgentInputItem[]) if (item.type === "function_call_result") seen++;
    recordModelCall(this.counters, this.script, seen);
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const turn = turnFor(this.script, seen);
    const usage = new Usage({ requests: 1, inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    if (turn.kind === "text") {
      return {
        usage,
        output: [
          {
            type: "message",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: turn.text }],
          },
        ],
      };
    }
    return {
      usage,
      output: turn.calls.map((call, i) => ({
        type: "function_call" as const,
        callId: `call_${this.script.id}_${seen}_${i}`,
        name: call.kind === "add" ? "add" : this.toolNameFor(call.child),
        status: "completed" as const,
        arguments: JSON.stringify(call.kind === "add" ? { a: call.a, b: call.b } : { input: call.task }),
      })),
    };
  }

  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("the benchmark runs @openai/agents without streaming");
  }
}

export async function load(): Promise<BenchRuntime> {
  // Tracing would export spans to OpenAI's servers: off, as in any offline benchmark.
  setTracingDisabled(true);
  const counters = newCounters();
  const runner = new Runner({ tracingDisabled: true });
  const addTool = tool({
    name: "add",
    description: "Adds two numbers.",
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => {
      counters.toolCalls++;
      return String(add(a, b));
    },
  });
  return {
    id: "openai-agents",
    label: "@openai/agents",
    version: installedVersion("@openai/agents"),
    counters,
    notes: [
      "custom Model returning scripted responses; Runner with tracing disabled; non-streaming run()",
      "sub-agents as agent.asTool() tools (handoffs transfer control and cannot fan out in parallel)",
    ],
    async prepare(spec: ScenarioSpec, options: PrepareOptions): Promise<PreparedScenario> {
      const toolNameFor = (child: string) => `subagent_${child}`;
      const agents = new Map(spec.agents.map((script) => [script.id, script]));
      const build = (id: string, tools: Tool[]) =>
        new Agent({
          name: id,
          instructions: `You are ${id}.`,
          model: new ScriptedModel(agents.get(id)!, counters, options.latencyMs, toolNameFor),
          modelSettings: { parallelToolCalls: true },
          tools,
        });
      const childTools = spec.children.map((child) =>
        build(child, [addTool]).asTool({ toolName: toolNameFor(child), toolDescription: `Delegates to ${child}.` }),
      );
      const root = build(spec.rootId, spec.children.length ? childTools : [addTool]);
      return {
        async run() {
          const result = await runner.run(root, "go", { maxTurns: spec.expected.modelCalls + 5 });
          if (typeof result.finalOutput !== "string") throw new Error("@openai/agents: no final output");
          counters.runs++;
        },
      };
    },
  };
}
