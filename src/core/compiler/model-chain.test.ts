import { describe, expect, it } from "vitest";
import { compile } from "./index";
import { agent, edge, graph } from "./fixtures/test-graphs";

const m = (model: string) => ({ provider: "openai" as const, model });
const models = (chain: { model: string }[]) => chain.map((ref) => ref.model);

describe("effective model chains (SPEC §5.7)", () => {
  const settings = { defaultModelChain: [m("default")], defaultSubagentModelChain: [m("sub-default")] };

  it("root: own chain, else the graph default (never the sub-agent default)", () => {
    expect(models(compile(graph({ settings })).definition!.agents.main.modelChain)).toEqual(["default"]);
    const own = graph({ settings, agents: [agent("main", { modelChain: [m("own")] }), agent("child")] });
    expect(models(compile(own).definition!.agents.main.modelChain)).toEqual(["own"]);
  });

  it("child: own, else the default sub-agent chain, else the graph default", () => {
    expect(models(compile(graph({ settings })).definition!.agents.child.modelChain)).toEqual(["sub-default"]);
    const onlyDefault = graph({ settings: { defaultModelChain: [m("default")] } });
    expect(models(compile(onlyDefault).definition!.agents.child.modelChain)).toEqual(["default"]);
    const own = graph({
      settings,
      agents: [agent("main"), agent("child", { modelChain: [m("own"), m("own-fallback")] })],
    });
    expect(models(compile(own).definition!.agents.child.modelChain)).toEqual(["own", "own-fallback"]);
  });

  it("edge: the override, else the child's own, else the defaults", () => {
    const doc = graph({
      settings,
      agents: [agent("main"), agent("a", { modelChain: [m("a-own")] }), agent("b")],
      handoffs: [
        edge("main", "a", { modelChain: [m("override")] }),
        edge("main", "b"),
        edge("main", "a", { id: "plain", toolName: "plain_a" }),
      ],
    });
    const handoffs = compile(doc).definition!.agents.main.handoffs;
    expect(handoffs.map((h) => [h.toolName, models(h.modelChain)])).toEqual([
      ["plain_a", ["a-own"]],
      ["subagent_a", ["override"]],
      ["subagent_b", ["sub-default"]],
    ]);
  });

  it("treats an empty override as no override, and no model anywhere as the environment default ([])", () => {
    const doc = graph({ handoffs: [edge("main", "child", { modelChain: [] })] });
    const { definition } = compile(doc);
    expect(definition!.agents.main.handoffs[0].modelChain).toEqual([]);
    expect(definition!.agents.child.modelChain).toEqual([]);
  });
});
