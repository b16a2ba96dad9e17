import { describe, expect, it } from "vitest";
import { compile, type RuntimeDefinition } from "@/core/compiler";
import { agent, graph } from "@/core/compiler/fixtures/test-graphs";
import type { ModelRefInput } from "@/core/models/model-ref";
import { type RunResult, type RuntimeEvent, runGraph } from "@/core/runtime";
import { InvalidRunConfigError } from "../errors/invalid-run-config-error";
import { startFakeOpenAIServer } from "../models/testing/fake-openai-server";
import { setupFakeServer } from "../models/testing/model-client-fixtures";
import { createRunPorts, type RunConfigInput, type RunPortsEnvironment } from "./create-run-ports";

function definitionWith(modelChain: ModelRefInput[]): RuntimeDefinition {
  const { definition, diagnostics } = compile(graph({ agents: [agent("main", { modelChain })] }));
  if (!definition) throw new Error(JSON.stringify(diagnostics));
  return definition;
}

const slowScripted: ModelRefInput = {
  provider: "scripted",
  model: "slow",
  script: { turns: [{ kind: "text", text: "done after half a minute", latencyMs: 30_000 }] },
};

async function runOnce(
  definition: RuntimeDefinition,
  config: RunConfigInput,
  environment?: RunPortsEnvironment,
): Promise<{ result: RunResult; events: RuntimeEvent[] }> {
  const { ports, config: parsed } = await createRunPorts(definition, config, environment);
  const run = runGraph(definition, {
    input: "hello",
    ports,
    options: { defaultModelChain: parsed.defaultModelChain },
  });
  const events: RuntimeEvent[] = [];
  for await (const event of run.events) events.push(event);
  return { result: await run.result, events };
}

describe("createRunPorts", () => {
  const fake = setupFakeServer(startFakeOpenAIServer);

  it("on virtual time, lets half a minute of scripted latency pass at once and stamps events with the virtual clock", async () => {
    const started = Date.now();
    const { result, events } = await runOnce(
      definitionWith([slowScripted]),
      { time: "virtual" },
      { now: () => Date.UTC(2030, 0, 1) },
    );
    expect(result).toMatchObject({ status: "completed", output: "done after half a minute" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(events[0].timestamp).toBe(Date.UTC(2030, 0, 1));
    expect(events.at(-1)!.timestamp).toBe(Date.UTC(2030, 0, 1) + 30_000);
  });

  it("on system time, waits for real", async () => {
    const quick: ModelRefInput = {
      provider: "scripted",
      model: "quick",
      script: { turns: [{ kind: "text", text: "ok", latencyMs: 200 }] },
    };
    const started = Date.now();
    const { result } = await runOnce(definitionWith([quick]), {});
    expect(result.status).toBe("completed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("serves a real provider through the AI SDK client, with the credential the process resolves", async () => {
    fake().enqueue({ kind: "text", text: "from the fake OpenAI server" });
    const { result } = await runOnce(
      definitionWith([{ provider: "openai", model: "gpt-4o-mini" }]),
      {},
      { resolveCredential: () => ({ apiKey: "sk-test", baseURL: fake().baseURL }) },
    );
    expect(result).toMatchObject({ status: "completed", output: "from the fake OpenAI server" });
    expect(fake().requests).toHaveLength(1);
    expect(fake().requests[0].headers.authorization).toBe("Bearer sk-test");
  });

  it("uses the AI SDK client when only the default chain names a real provider, and still serves scripted entries", async () => {
    fake().enqueue({ kind: "text", text: "default model answered" });
    const environment = { resolveCredential: () => ({ apiKey: "sk-test", baseURL: fake().baseURL }) };
    const { result } = await runOnce(
      definitionWith([]),
      { defaultModelChain: [{ provider: "openai", model: "gpt-4o-mini" }] },
      environment,
    );
    expect(result.output).toBe("default model answered");

    const mixed = await runOnce(
      definitionWith([slowScripted, { provider: "openai", model: "gpt-4o-mini" }]),
      { time: "virtual" },
      environment,
    );
    expect(mixed.result.output).toBe("done after half a minute");
    expect(fake().requests).toHaveLength(1);
  });

  it("rejects a configuration that does not validate, naming each problem with its path", async () => {
    const definition = definitionWith([slowScripted]);
    const problems = async (config: unknown) => {
      const error = await createRunPorts(definition, config as RunConfigInput).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRunConfigError);
      return (error as InvalidRunConfigError).issues;
    };
    expect(await problems({ time: "warp" })).toEqual([expect.stringMatching(/^time: /)]);
    expect(await problems({ defaultModelChain: [{ provider: "openai", model: "" }] })).toEqual([
      expect.stringMatching(/^defaultModelChain\.0\.model: /),
    ]);
    expect(await problems({ instant: true })).toEqual([expect.stringContaining("instant")]);
  });
});
