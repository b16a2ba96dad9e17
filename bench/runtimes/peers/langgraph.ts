/**
 * LangGraph.js: every agent is a prebuilt ReAct graph (`createReactAgent`:
 * model node <-> ToolNode, which runs one turn's tool calls concurrently) over
 * a fake chat model bound to tools. The supervisor's tools invoke the child
 * graphs (LangGraph's "supervisor with agents as tools" pattern), so three
 * children run in parallel like ours.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { add, recordModelCall, turnFor, type AgentScript, type ScenarioSpec } from "../../lib/scripts";
import { sleep } from "../../lib/sleep";
import { installedVersion } from "../../lib/versions";
import { newCounters, type BenchRuntime, type Counters, type PrepareOptions, type PreparedScenario } from "../types";

/** A chat model that answers from the shared script; `bindTools` keeps it as is (the script knows the tools). */
class ScriptedChatModel extends BaseChatModel {
  constructor(
    private readonly script: AgentScript,
    private readonly counters: Counters,
    private readonly latencyMs: number,
    private readonly toolNameFor: (child: string) => string,
  ) {
    super({});
  }

  _llmType(): string {
    return "bench-scripted";
  }

  bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    let seen = 0;
    for (const message of messages) if (message.getType() === "tool") seen++;
    recordModelCall(this.counters, this.script, seen);
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const turn = turnFor(this.script, seen);
    const message =
      turn.kind === "text"
        ? new AIMessage({ content: turn.text })
        : new AIMessage({
            content: "",
            tool_calls: turn.calls.map((call, i) => ({
              id: `call_${this.script.id}_${seen}_${i}`,
              type: "tool_call" as const,
              name: call.kind === "add" ? "add" : this.toolNameFor(call.child),
              args: call.kind === "add" ? { a: call.a, b: call.b } : { task: call.task },
            })),
          });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

export async function load(): Promise<BenchRuntime> {
  const counters = newCounters();
  const addTool = tool(
    async ({ a, b }: { a: number; b: number }) => {
      counters.toolCalls++;
      return String(add(a, b));
    },
    { name: "add", description: "Adds two numbers.", schema: z.object({ a: z.number(), b: z.number() }) },
  );
  return {
    id: "langgraph",
    label: "LangGraph.js",
    version: `${installedVersion("@langchain/langgraph")} (core ${installedVersion("@langchain/core")})`,
    counters,
    notes: [
      "createReactAgent graphs over a BaseChatModel subclass answering from the script; invoke() (no streaming, no checkpointer)",
      "supervisor graph whose tools invoke the child graphs; ToolNode runs the three delegations concurrently",
    ],
    async prepare(spec: ScenarioSpec, options: PrepareOptions): Promise<PreparedScenario> {
      const toolNameFor = (child: string) => `subagent_${child}`;
      const scripts = new Map(spec.agents.map((script) => [script.id, script]));
      const build = (id: string, tools: StructuredToolInterface[]) =>
        createReactAgent({
          llm: new ScriptedChatModel(scripts.get(id)!, counters, options.latencyMs, toolNameFor),
          tools,
          prompt: `You are ${id}.`,
          name: id,
        });
      const recursionLimit = 2 * spec.expected.modelCalls + 10;
      const childTools = spec.children.map((child) => {
        const graph = build(child, [addTool]);
        return tool(
          async ({ task }: { task: string }) => {
            const state = await graph.invoke({ messages: [{ role: "user", content: task }] }, { recursionLimit });
            const last = state.messages[state.messages.length - 1];
            return typeof last.content === "string" ? last.content : JSON.stringify(last.content);
          },
          { name: toolNameFor(child), description: `Delegates to ${child}.`, schema: z.object({ task: z.string() }) },
        );
      });
      const root = build(spec.rootId, spec.children.length ? childTools : [addTool]);
      return {
        async run() {
          const state = await root.invoke({ messages: [{ role: "user", content: "go" }] }, { recursionLimit });
          if (state.messages.length < 2) throw new Error("LangGraph: no final answer");
          counters.runs++;
        },
      };
    },
  };
}
