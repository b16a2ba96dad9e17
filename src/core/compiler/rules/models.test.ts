import { describe, expect, it } from "vitest";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

const gpt = { provider: "openai" as const, model: "gpt-4o-mini" };

describe("unknown_model", () => {
  it("is only checked when known models are given", () => {
    const doc = graph({ agents: [agent("main", { modelChain: [gpt] }), agent("child")] });
    expect(withCode(compile(doc), "unknown_model")).toEqual([]);
    const [d] = withCode(
      compile(doc, { knownModels: [{ provider: "anthropic", model: "claude-haiku-4-5" }] }),
      "unknown_model",
    );
    expect(d).toMatchObject({ severity: "error", nodeIds: ["main"], path: "agents.0.modelChain.0" });
    expect(d.message).toContain("openai:gpt-4o-mini");
  });

  it("checks graph defaults and edge overrides too", () => {
    const doc = graph({
      settings: { defaultModelChain: [gpt], defaultSubagentModelChain: [gpt] },
      handoffs: [edge("main", "child", { modelChain: [gpt] })],
    });
    expect(withCode(compile(doc, { knownModels: [] }), "unknown_model").map((d) => d.path)).toEqual([
      "settings.defaultModelChain.0",
      "settings.defaultSubagentModelChain.0",
      "handoffs.0.modelChain.0",
    ]);
  });

  it("always knows the offline scripted provider, and accepts a provider wildcard", () => {
    const doc = graph({
      agents: [
        agent("main", { modelChain: [{ provider: "scripted", model: "anything" }] }),
        agent("child", { modelChain: [gpt] }),
      ],
    });
    expect(withCode(compile(doc, { knownModels: [{ provider: "openai", model: "*" }] }), "unknown_model")).toEqual([]);
  });
});

describe("uses_environment_default_model", () => {
  it("lists every agent with no model anywhere in its priority chain, in one warning", () => {
    const [d] = withCode(compile(graph()), "uses_environment_default_model");
    expect(d).toMatchObject({ severity: "warning", nodeIds: ["main", "child"] });
    expect(d.message).toContain("will use the environment default model");
  });

  it("is silenced by graph defaults", () => {
    expect(
      withCode(compile(graph({ settings: { defaultModelChain: [gpt] } })), "uses_environment_default_model"),
    ).toEqual([]);
  });

  it("counts an edge override for the child", () => {
    const doc = graph({
      agents: [agent("main", { modelChain: [gpt] }), agent("child")],
      handoffs: [edge("main", "child", { modelChain: [gpt] })],
    });
    expect(withCode(compile(doc), "uses_environment_default_model")).toEqual([]);
  });
});
