import { describe, expect, it } from "vitest";
import { graphDocumentSchema } from "../../graph/schema";
import { analyzeGraph } from "../analyze";
import { buildDefinition } from "../build-definition";
import { compile } from "../index";
import { agent, edge, graph, withCode } from "../fixtures/test-graphs";

describe("tool references", () => {
  it("unknown_tool: names the agent, the tool and the path, even on unreachable agents", () => {
    const doc = graph({
      agents: [
        agent("main", { tools: ["calculator", "web_search"] }),
        agent("child"),
        agent("island", { tools: ["nope"] }),
      ],
      handoffs: [edge("main", "child")],
    });
    const found = withCode(compile(doc), "unknown_tool");
    expect(found.map((d) => [d.nodeIds, d.path])).toEqual([
      [["main"], "agents.0.tools.1"],
      [["island"], "agents.2.tools.0"],
    ]);
    expect(found[0].message).toContain('agent "main" allows the unknown tool web_search');
  });

  it("explains that task tools come automatically", () => {
    const doc = graph({ agents: [agent("main", { tools: ["task_output"] }), agent("child")] });
    expect(withCode(compile(doc), "unknown_tool")[0].message).toContain(
      "task tools are given to main and orchestrator agents automatically",
    );
  });

  it("a draft's definition built despite an unknown tool leaves that tool out (the editor builds one for the effective tool set)", () => {
    const doc = graphDocumentSchema.parse(
      graph({ agents: [agent("main", { tools: ["calculator", "get_weather", "nope"] })] }),
    );
    const { analysis } = analyzeGraph(doc, { knownTools: [{ name: "get_weather", kind: "http" }] });
    const definition = buildDefinition(analysis, { knownTools: [{ name: "get_weather", kind: "http" }] });
    expect(definition.tools.map((t) => t.name)).toEqual(["get_weather"]);
    expect(buildDefinition(analysis).tools).toEqual([]);
  });

  it("accepts tools of the document and of the workspace catalog, and lists them in the definition", () => {
    const doc = graph({
      tools: [{ name: "crm_lookup", kind: "http", catalogId: "cat-1", description: "Find a customer." }],
      agents: [agent("main", { tools: ["crm_lookup", "calculator"] }), agent("child", { tools: ["github_search"] })],
    });
    const result = compile(doc, {
      knownTools: [
        { name: "github_search", kind: "mcp", description: "Search GitHub." },
        { name: "crm_lookup", kind: "http" },
      ],
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.definition!.tools).toEqual([
      { name: "crm_lookup", kind: "http", catalogId: "cat-1", description: "Find a customer." },
      { name: "github_search", kind: "mcp", catalogId: null, description: "Search GitHub." },
    ]);
  });

  it("tool_not_in_catalog: a declared tool the workspace does not have (only when a catalog is given)", () => {
    const doc = graph({ tools: [{ name: "crm_lookup", kind: "http" }] });
    expect(withCode(compile(doc, { knownTools: [] }), "tool_not_in_catalog")).toEqual([
      expect.objectContaining({ severity: "warning", path: "tools.0.name" }),
    ]);
    expect(withCode(compile(doc), "tool_not_in_catalog")).toEqual([]);
  });

  it("duplicate_tool_ref and tool_ref_shadows_builtin", () => {
    const doc = graph({
      tools: [
        { name: "crm", kind: "http" },
        { name: "crm", kind: "mcp" },
        { name: "read_file", kind: "mcp" },
        { name: "task_list", kind: "http" },
      ],
    });
    const result = compile(doc);
    expect(withCode(result, "duplicate_tool_ref").map((d) => d.path)).toEqual(["tools.1.name"]);
    expect(withCode(result, "tool_ref_shadows_builtin").map((d) => d.path)).toEqual(["tools.2.name", "tools.3.name"]);
  });
});
