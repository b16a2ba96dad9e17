import { describe, expect, it } from "vitest";
import { agent, graph, withCode } from "../fixtures/test-graphs";
import { compile } from "../index";

const scripted = (rules: Array<{ match: string }>) => [
  {
    provider: "scripted" as const,
    model: "m",
    script: { rules: rules.map((r) => ({ ...r, turn: { kind: "text", text: "x" } })) },
  },
];

describe("invalid_regex", () => {
  it("reports an invalid redact pattern with its JSON path", () => {
    const result = compile(
      graph({
        agents: [
          agent("main"),
          agent("a"),
          agent("b", {
            handoffPolicy: { inputFilter: { redact: [{ pattern: "([a-" }, { pattern: "ok" }] } } as never,
          }),
        ],
      }),
    );
    expect(result.definition).toBeNull();
    const [found, ...rest] = withCode(result, "invalid_regex");
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      severity: "error",
      path: "agents.2.handoffPolicy.inputFilter.redact.0.pattern",
      nodeIds: ["b"],
    });
    expect(found.message).toContain("/([a-/g: missing closing ]");
  });

  it("reports an invalid scripted rule in any model chain, with its path", () => {
    const result = compile(
      graph({
        settings: { defaultModelChain: scripted([{ match: "fine" }, { match: "x(?=y)" }]) } as never,
        agents: [agent("main", { modelChain: scripted([{ match: "(((" }]) as never }), agent("child")],
        handoffs: [{ id: "e1", from: "main", to: "child", modelChain: scripted([{ match: "(a)\\1" }]) as never }],
      }),
    );
    expect(result.definition).toBeNull();
    expect(withCode(result, "invalid_regex").map((d) => [d.path, d.message])).toEqual([
      ["settings.defaultModelChain.0.script.rules.1.match", expect.stringMatching(/lookaround .* not supported/)],
      [
        "agents.0.modelChain.0.script.rules.0.match",
        expect.stringContaining("rule 1: invalid regular expression /(((/i: missing closing )"),
      ],
      ["handoffs.0.modelChain.0.script.rules.0.match", expect.stringMatching(/backreferences .* not supported/)],
    ]);
  });

  it("accepts valid patterns, including `(a+)+$`, which RE2 runs in linear time", () => {
    const result = compile(
      graph({
        agents: [
          agent("main", {
            modelChain: scripted([{ match: "(a+)+$" }]) as never,
            handoffPolicy: { inputFilter: { redact: [{ pattern: "sk-\\d+", flags: "gi" }] } } as never,
          }),
          agent("child"),
        ],
      }),
    );
    expect(withCode(result, "invalid_regex")).toEqual([]);
    expect(result.definition).not.toBeNull();
  });
});
