import { describe, expect, it } from "vitest";
import researchTeam from "../../../examples/research-team.json";
import reviewerSession from "../../../examples/reviewer-session.json";
import supportTriage from "../../../examples/support-triage.json";
import { agent, graph } from "../compiler/fixtures/test-graphs";
import { parseGraphDocument, type ParseResult } from "./parse";

function failure(result: ParseResult) {
  if (result.ok) throw new Error("expected the document to be rejected");
  return result.diagnostics;
}

describe("parseGraphDocument", () => {
  it.each([
    ["research-team", researchTeam],
    ["reviewer-session", reviewerSession],
    ["support-triage", supportTriage],
  ])("reads the %s example as an object and as JSON text", (_name, example) => {
    const fromObject = parseGraphDocument(example);
    const fromText = parseGraphDocument(JSON.stringify(example, null, 2));
    expect(fromObject.ok).toBe(true);
    expect(fromText).toEqual(fromObject);
  });

  it("fills in defaults", () => {
    const result = parseGraphDocument(graph());
    expect(result.ok && result.document.agents[0]).toMatchObject({
      maxSteps: 10,
      inheritParentPermissions: true,
      mode: "all",
      tools: [],
    });
    expect(result.ok && result.document.handoffs[0].execution).toEqual({
      mode: "sync",
      timeoutSeconds: 30,
      onTimeout: "promote",
      modelChoosesMode: false,
    });
  });

  it("accepts a UTF-8 byte-order mark", () => {
    expect(parseGraphDocument("\ufeff" + JSON.stringify(graph())).ok).toBe(true);
  });

  it("gives line and column for invalid JSON", () => {
    const text = '{\n  "schemaVersion": 1,\n  "name": "x"\n  "agents": []\n}';
    const [d] = failure(parseGraphDocument(text));
    expect(d).toMatchObject({ code: "invalid_json", severity: "error" });
    expect(d.message).toMatch(/at line 4, column \d+/);
  });

  it("says an empty text is empty", () => {
    expect(failure(parseGraphDocument("  "))[0]).toMatchObject({
      code: "invalid_json",
      message: expect.stringContaining("empty"),
    });
  });

  it("refuses a 10 MB string before parsing it, stating size and limit", () => {
    const huge = JSON.stringify({ ...graph(), description: "x".repeat(10 * 1024 * 1024) });
    const [d] = failure(parseGraphDocument(huge));
    expect(d.code).toBe("document_too_large");
    expect(d.message).toContain("10.0 MB");
    expect(d.message).toContain("5.0 MB (5,242,880 bytes)");
  });

  it("measures objects too, and honours a custom limit", () => {
    const doc = graph({ description: "é".repeat(600) });
    expect(failure(parseGraphDocument(doc, { maxDocumentBytes: 1000 }))[0].code).toBe("document_too_large");
    expect(parseGraphDocument(doc, { maxDocumentBytes: 1_000_000 }).ok).toBe(true);
  });

  it("names a lone surrogate with its path", () => {
    const text = JSON.stringify(graph({ agents: [agent("main", { instructions: "bad \ud800 text" })] }));
    const [d] = failure(parseGraphDocument(text));
    expect(d).toMatchObject({ code: "invalid_unicode", path: "agents.0.instructions" });
    expect(d.message).toContain("U+D800");
  });

  it("flags U+FFFD left behind by invalid UTF-8 bytes", () => {
    // What Node's utf8 decoding of a Latin-1 "café" file gives.
    const decoded = new TextDecoder().decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    const [d] = failure(parseGraphDocument(graph({ name: decoded })));
    expect(d).toMatchObject({ code: "invalid_utf8", path: "name" });
    expect(d.message).toMatch(/re-save the file as UTF-8/);
  });

  it("accepts ordinary non-ASCII text and emoji", () => {
    expect(parseGraphDocument(graph({ name: "研究团队 😀", description: "Équipe" })).ok).toBe(true);
  });

  it("rejects deeply nested values without overflowing the stack", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const [d] = failure(parseGraphDocument(`{"schemaVersion":1,"x":${deep}}`));
    expect(d.code).toBe("document_too_deep");
  });

  it("rejects circular objects and values JSON cannot hold", () => {
    const circular: Record<string, unknown> = { schemaVersion: 1 };
    circular.self = circular;
    expect(failure(parseGraphDocument(circular))[0].code).toBe("invalid_document");
    expect(failure(parseGraphDocument({ schemaVersion: 1, n: BigInt(1) }))[0].code).toBe("invalid_document");
    expect(failure(parseGraphDocument(undefined))[0].code).toBe("invalid_document");
  });

  it("turns wrong types into schema_invalid with a readable path and the agent id", () => {
    const doc = graph({
      agents: [
        agent("main"),
        agent("a"),
        agent("b", { maxSteps: 5000 as number, tools: "calculator" as unknown as string[] }),
      ],
    });
    const diagnostics = failure(parseGraphDocument(doc));
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        code: "schema_invalid",
        path: "agents.2.maxSteps",
        nodeIds: ["b"],
        message: expect.stringMatching(/^agents\.2\.maxSteps: .*1000/),
      }),
    );
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ path: "agents.2.tools", message: expect.stringContaining("expected array") }),
    );
  });

  it("names every unknown field, in agents, edges and at the top", () => {
    const doc = {
      ...graph(),
      colour: "red",
      agents: [{ ...agent("main"), temprature: 1 }, agent("child")],
      handoffs: [{ id: "e", from: "main", to: "child", tool: "x" }],
    };
    const diagnostics = failure(parseGraphDocument(doc));
    expect(diagnostics.map((d) => [d.path, d.nodeIds, d.edgeIds])).toEqual([
      ["agents.0.temprature", ["main"], []],
      ["handoffs.0.tool", [], ["e"]],
      ["colour", [], []],
    ]);
    expect(diagnostics[0].message).toContain('unknown field "temprature"');
  });

  it("says which field is missing", () => {
    const [d] = failure(parseGraphDocument({ schemaVersion: 1, agents: [], rootAgentId: "main" }));
    expect(d).toMatchObject({ path: "name", message: "name: required field is missing (expected string)" });
  });

  it("explains a bad model provider", () => {
    const doc = graph({ agents: [agent("main", { modelChain: [{ provider: "dashscope", model: "qwen" } as never] })] });
    const [d] = failure(parseGraphDocument(doc));
    expect(d.path).toBe("agents.0.modelChain.0.provider");
    expect(d.message).toMatch(/openai.*anthropic/);
  });

  it("lists every schema problem (compile caps each code's list, see cap-diagnostics.test.ts)", () => {
    const agents = Array.from({ length: 300 }, (_, i) => ({ id: `a${i}`, name: 1 }));
    const diagnostics = failure(parseGraphDocument({ schemaVersion: 1, name: "x", rootAgentId: "a0", agents }));
    expect(diagnostics).toHaveLength(300);
    expect(diagnostics[299].path).toBe("agents.299.name");
  });

  it.each([
    ["a number", 5],
    ["an array", []],
    ["a JSON string of an array", "[1]"],
    ["null text", "null"],
  ])("rejects %s as a document", (_what, input) => {
    expect(failure(parseGraphDocument(input))[0].code).toBe("invalid_document");
  });
});
