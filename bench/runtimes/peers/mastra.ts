/**
 * Mastra: one `Agent` per logical agent over a fake AI SDK language model
 * (specification v2, the interface Mastra's loop calls). The parent lists the
 * children in `agents`, which Mastra turns into `agent-<name>` tools
 * (supervisor/sub-agents); tool calls of one step run concurrently (Mastra's
 * default toolCallConcurrency is 10).
 */
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { add, recordModelCall, turnFor, type AgentScript, type ScenarioSpec } from "../../lib/scripts";
import { sleep } from "../../lib/sleep";
import { installedVersion } from "../../lib/versions";
import { newCounters, type BenchRuntime, type Counters, type PrepareOptions, type PreparedScenario } from "../types";

interface PromptMessage {
  role: string;
  content: unknown;
}

type ContentPart =
  { type: "text"; text: string } | { type: "tool-call"; toolCallId: string; toolName: string; input: string };

/** The subset of AI SDK's LanguageModelV2 that Mastra calls; answers from the shared script. */
function scriptedModel(
  script: AgentScript,
  counters: Counters,
  latencyMs: number,
  toolNameFor: (child: string) => string,
) {
  const answer = async (prompt: PromptMessage[]) => {
    let seen = 0;
    for (const message of prompt) {
      if (message.role !== "tool" || !Array.isArray(message.content)) continue;
      for (const part of message.content as { type: string }[]) if (part.type === "tool-result") seen++;
    }
    recordModelCall(counters, script, seen);
    if (latencyMs > 0) await sleep(latencyMs);
    const turn = turnFor(script, seen);
    const content: ContentPart[] =
      turn.kind === "text"
        ? [{ type: "text", text: turn.text }]
        : turn.calls.map((call, i) => ({
            type: "tool-call",
            toolCallId: `call_${script.id}_${seen}_${i}`,
            toolName: call.kind === "add" ? "add" : toolNameFor(call.child),
            input: JSON.stringify(call.kind === "add" ? { a: call.a, b: call.b } : { prompt: call.task }),
          }));
    return { content, finishReason: turn.kind === "text" ? ("stop" as const) : ("tool-calls" as const) };
  };
  const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };
  return {
    specificationVersion: "v2" as const,
    provider: "bench-scripted",
    modelId: script.id,
    supportedUrls: {},
    async doGenerate(options: { prompt: PromptMessage[] }) {
      const { content, finishReason } = await answer(options.prompt);
      return { content, finishReason, usage, warnings: [] };
    },
    async doStream(options: { prompt: PromptMessage[] }) {
      const { content, finishReason } = await answer(options.prompt);
      const parts: unknown[] = [{ type: "stream-start", warnings: [] }];
      for (const part of content) {
        if (part.type === "text")
          parts.push(
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: part.text },
            { type: "text-end", id: "t" },
          );
        else parts.push(part);
      }
      parts.push({ type: "finish", finishReason, usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

export async function load(): Promise<BenchRuntime> {
  const counters = newCounters();
  const addTool = createTool({
    id: "add",
    description: "Adds two numbers.",
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => {
      counters.toolCalls++;
      return String(add(a, b));
    },
  });
  return {
    id: "mastra",
    label: "Mastra",
    version: installedVersion("@mastra/core"),
    counters,
    notes: [
      "Agents over a fake AI SDK v2 language model answering from the script; agent.generate() (no memory, no storage, no Mastra instance)",
      "supervisor Agent with `agents: {c1,c2,c3}` (Mastra's sub-agent tools `agent-<name>`), default tool-call concurrency",
    ],
    async prepare(spec: ScenarioSpec, options: PrepareOptions): Promise<PreparedScenario> {
      const toolNameFor = (child: string) => `agent-${child}`;
      const scripts = new Map(spec.agents.map((script) => [script.id, script]));
      const model = (id: string) => scriptedModel(scripts.get(id)!, counters, options.latencyMs, toolNameFor);
      const children = Object.fromEntries(
        spec.children.map((child) => [
          child,
          new Agent({
            id: child,
            name: child,
            description: `Delegates to ${child}.`,
            instructions: `You are ${child}.`,
            model: model(child),
            tools: { add: addTool },
          }),
        ]),
      );
      const root = new Agent({
        id: spec.rootId,
        name: spec.rootId,
        instructions: `You are ${spec.rootId}.`,
        model: model(spec.rootId),
        ...(spec.children.length ? { agents: children } : { tools: { add: addTool } }),
      });
      const maxSteps = spec.expected.modelCalls + 5;
      return {
        async run() {
          const result = await root.generate("go", { maxSteps });
          if (!result.text) throw new Error("Mastra: no final answer");
          counters.runs++;
        },
      };
    },
  };
}
