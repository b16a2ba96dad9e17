import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../compiler/compile";
import { agent, edge, graph } from "../compiler/fixtures/test-graphs";
import { generateLargeGraph } from "../compiler/fixtures/large-graph";
import { graphDocumentSchema, type GraphDocumentInput } from "../graph/schema";
import { checkDocument } from "./check-document";

const parse = (input: GraphDocumentInput) => graphDocumentSchema.parse(input);
const example = (file: string) => parse(JSON.parse(readFileSync(join(process.cwd(), "examples", file), "utf8")));

describe("checkDocument", () => {
  it("gives exactly the diagnostics compile gives, on the examples and on broken drafts", () => {
    const docs = [
      example("research-team.json"),
      example("support-triage.json"),
      example("reviewer-session.json"),
      example("broken/cycle.json"),
      parse(graph({ agents: [agent("main"), agent("a", { description: "" }), agent("b", { name: "a" })] })),
      parse(graph({ agents: [agent("main", { instructions: "bad \ud800 text" }), agent("child")] })),
      parse(
        graph({
          agents: [agent("main"), agent("a"), agent("b")],
          handoffs: [edge("main", "a"), edge("a", "b"), edge("main", "ghost")],
        }),
      ),
      parse(generateLargeGraph(300)),
    ];
    for (const doc of docs) {
      const expected = compile(doc).diagnostics;
      expect(checkDocument(doc).diagnostics).toEqual(expected);
    }
    expect(checkDocument(docs[5]).diagnostics.map((d) => d.code)).toContain("invalid_unicode");
  });

  it("runs the static analysis on the same analysis", () => {
    const doc = parse(graph({ settings: { defaultModelChain: [{ provider: "openai", model: "gpt-4o" }] } }));
    const result = checkDocument(doc);
    expect(result.analysis.roles.get("main")).toBe("main");
    expect(result.findings.map((d) => d.code)).toEqual(["no_model_fallback"]);
    expect(result.cost.costUsd).toBeGreaterThan(0);
  });
});

describe("checkDocument's text checks", () => {
  it("finds bad text in an agent edited after an earlier check, and depth counted from the document", () => {
    const doc = parse(graph());
    expect(checkDocument(doc).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // The editor replaces the edited agent; the untouched ones were checked already.
    const edited = { ...doc, agents: [doc.agents[0], { ...doc.agents[1], description: "bad \udc00" }] };
    expect(checkDocument(edited).diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["invalid_unicode", "agents.1.description"],
    ]);
    // A script argument whose innermost object sits 64 levels deep in the document (62 inside its agent) is too deep.
    let args: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 54; i++) args = { a: args };
    const deepAgent = {
      ...doc.agents[0],
      modelChain: parse(
        graph({
          agents: [
            agent("main", {
              modelChain: [
                {
                  provider: "scripted",
                  model: "s",
                  script: { turns: [{ kind: "tool_calls", calls: [{ tool: "x", args }] }] },
                },
              ],
            }),
          ],
        }),
      ).agents[0].modelChain,
    };
    const deep = { ...doc, agents: [deepAgent, doc.agents[1]] };
    expect(checkDocument(deep).diagnostics).toEqual(compile(deep).diagnostics);
    expect(checkDocument(deep).diagnostics.map((d) => d.code)).toContain("document_too_deep");
  });
});
