import { describe, expect, it } from "vitest";

import { checkDocument } from "@/core/analysis";
import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";
import { scriptTurnSchema } from "@/core/models/model-ref";

import { setRootAgent } from "./document-updates";
import { addToolRef, newToolRef, removeToolRef, toolRefDiagnostics, toolUsers, updateToolRef } from "./graph-tools";
import { toolOptions } from "./tool-catalog";
import { tidyUsage, usageSummary } from "./turn-usage";

function doc(): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "G",
    rootAgentId: "lead",
    tools: [{ name: "search_web", kind: "http", description: "Searches." }],
    agents: [
      { id: "lead", name: "Lead", tools: ["search_web", "calculator"] },
      { id: "web", name: "Web", tools: ["search_web"] },
      { id: "calc", name: "Calc", tools: ["calculator"] },
    ],
    handoffs: [
      { id: "lead-web", from: "lead", to: "web" },
      { id: "lead-calc", from: "lead", to: "calc" },
    ],
  });
}

describe("graph tools", () => {
  it("adds a tool with a fresh valid name", () => {
    const document = doc();
    const first = newToolRef(document);
    expect(first).toEqual({ name: "http_tool", kind: "http", description: "" });
    const next = addToolRef(document, first);
    expect(newToolRef(next).name).toBe("http_tool_2");
    expect(graphDocumentSchema.safeParse(next).success).toBe(true);
  });

  it("never touches allow-list entries that name a built-in", () => {
    const document = addToolRef(doc(), { name: "calculator", kind: "http", description: "" });
    expect(toolUsers(document, "calculator")).toEqual([]);
    expect(removeToolRef(document, 1).agents).toBe(document.agents);
    expect(updateToolRef(document, 1, { name: "calc_http", kind: "http", description: "" }).agents).toBe(
      document.agents,
    );
  });

  it("lists the agents that allow a tool", () => {
    expect(toolUsers(doc(), "search_web").map((a) => a.id)).toEqual(["lead", "web"]);
    expect(toolUsers(doc(), "nope")).toEqual([]);
  });

  it("removes a tool and takes it off every allow-list in the same change", () => {
    const document = doc();
    const next = removeToolRef(document, 0);
    expect(next.tools).toEqual([]);
    expect(next.agents.map((a) => a.tools)).toEqual([["calculator"], [], ["calculator"]]);
    // Agents that did not list it are the same objects (the canvas keeps their nodes).
    expect(next.agents[2]).toBe(document.agents[2]);
    expect(removeToolRef(document, 5)).toBe(document);
  });

  it("renames a tool in the allow-lists too, and edits other fields without touching agents", () => {
    const document = doc();
    const renamed = updateToolRef(document, 0, { ...document.tools[0], name: "web_search" });
    expect(renamed.agents.map((a) => a.tools)).toEqual([["web_search", "calculator"], ["web_search"], ["calculator"]]);
    const kind = updateToolRef(document, 0, { ...document.tools[0], kind: "mcp" });
    expect(kind.agents).toBe(document.agents);
    expect(kind.tools[0].kind).toBe("mcp");
  });

  it("shows the compiler's diagnostics for a tool that shadows a built-in or a handoff tool", () => {
    const builtin = updateToolRef(doc(), 0, { name: "calculator", kind: "http", description: "" });
    const onBuiltin = toolRefDiagnostics(checkDocument(builtin), 0, "calculator").map((d) => d.code);
    expect(onBuiltin).toContain("tool_ref_shadows_builtin");

    const handoff = updateToolRef(doc(), 0, { name: "subagent_web", kind: "http", description: "" });
    const onHandoff = toolRefDiagnostics(checkDocument(handoff), 0, "subagent_web").map((d) => d.code);
    expect(onHandoff).toContain("handoff_tool_name_collision");
    expect(toolRefDiagnostics(checkDocument(doc()), 0, "search_web")).toEqual([]);
  });
});

describe("scripted turn usage", () => {
  const turn = scriptTurnSchema.parse({ kind: "text", text: "hi" });

  it("unsets empty counts and drops an empty usage", () => {
    expect(tidyUsage({ ...turn, usage: {} })).toEqual(turn);
    expect(tidyUsage({ ...turn, usage: { inputTokens: undefined, outputTokens: 5 } })).toEqual({
      ...turn,
      usage: { outputTokens: 5 },
    });
    expect(tidyUsage(turn)).toBe(turn);
  });

  it("summarises the reported counts", () => {
    expect(usageSummary(turn)).toBe("estimated");
    expect(usageSummary({ ...turn, usage: { inputTokens: 12, outputTokens: 40 } })).toBe("12 in · 40 out");
  });

  it("is validated by the core schema", () => {
    expect(scriptTurnSchema.safeParse({ ...turn, usage: { inputTokens: -1 } }).success).toBe(false);
    expect(scriptTurnSchema.safeParse({ ...turn, usage: { inputTokens: 1.5 } }).success).toBe(false);
  });
});

describe("graph tools in the allow-list and the main agent", () => {
  it("offers the graph's tools in an agent's Tools checklist, with their kind", () => {
    const options = toolOptions(doc());
    expect(options.find((o) => o.name === "search_web")).toEqual({
      name: "search_web",
      kind: "http",
      description: "Searches.",
      source: "Graph tools",
    });
  });

  it("lists the workspace catalog's tools with their source, after the built-ins and before the graph's own", () => {
    const catalog = [
      { name: "calculator", kind: "builtin" as const, description: "Calculates.", source: "Built-in" },
      { name: "get_weather", kind: "http" as const, description: "Weather.", source: "HTTP tool (GET api.example)" },
      { name: "search_web", kind: "mcp" as const, description: "From MCP.", source: "MCP server web" },
    ];
    const options = toolOptions(doc(), ["ghost"], catalog);
    expect(options.map((o) => [o.name, o.kind, o.source])).toEqual([
      ["read_file", "builtin", "Built-in"],
      ["write_file", "builtin", "Built-in"],
      ["list_files", "builtin", "Built-in"],
      ["grep_files", "builtin", "Built-in"],
      ["calculator", "builtin", "Built-in"],
      ["current_time", "builtin", "Built-in"],
      ["get_weather", "http", "HTTP tool (GET api.example)"],
      ["search_web", "mcp", "MCP server web"],
      ["ghost", "unknown", undefined],
    ]);
    expect(options.at(-1)!.description).toBe(
      "Not built in, not in the workspace catalog and not among the graph's tools.",
    );
  });

  it("makes another agent the main agent", () => {
    const document = doc();
    const next = setRootAgent(document, "web");
    expect(next.rootAgentId).toBe("web");
    expect(setRootAgent(document, "lead")).toBe(document);
    expect(setRootAgent(document, "nobody")).toBe(document);
    // The old root is now unreachable: the compiler says so.
    expect(checkDocument(next).diagnostics.some((d) => d.nodeIds?.includes("lead"))).toBe(true);
  });
});
