import { describe, expect, it } from "vitest";
import { z } from "zod";

import { compile } from "@/core/compiler";
import { graphDocumentSchema, agentNodeSchema, type GraphDocument, type InputFilter } from "@/core/graph/schema";

import { edgeOverridesInto, explainAgentChain, explainEdgeChain } from "./chain-source";
import { changeLabel, moveItem, updateAgent, updateEdge, updateGraphInfo, updateSettings } from "./document-updates";
import { effectiveToolSet, handoffToolOptions } from "./effective-tool-set";
import { previewInputFilter } from "./filter-preview";
import { fieldErrorMessage } from "./form-errors";
import { formatUsd, priceLabel } from "./prices";
import { filterToolOptions, toggleTool, toolOptions } from "./tool-catalog";

const scripted = (model: string) => ({ provider: "scripted" as const, model });

function doc(): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Team",
    rootAgentId: "lead",
    tools: [{ name: "search_web", kind: "http", description: "Searches the web." }],
    agents: [
      { id: "lead", name: "Lead", tools: ["read_file", "write_file", "calculator"], denyTools: ["write_*"] },
      { id: "researcher", name: "Researcher", description: "Finds sources.", tools: ["search_web", "write_file"] },
      {
        id: "writer",
        name: "Writer",
        description: "Writes.",
        tools: ["write_file"],
        inheritParentPermissions: false,
        modelChain: [scripted("gpt-4o")],
      },
    ],
    handoffs: [
      { id: "lead-researcher", from: "lead", to: "researcher" },
      { id: "lead-writer", from: "lead", to: "writer", toolName: "write_it" },
    ],
  });
}

describe("document updates", () => {
  it("patches one agent and leaves the rest (and the input) alone", () => {
    const before = doc();
    const after = updateAgent(before, "researcher", { name: "Scout", maxSteps: 4 });
    expect(after.agents[1]).toMatchObject({ id: "researcher", name: "Scout", maxSteps: 4 });
    expect(after.agents[0]).toBe(before.agents[0]);
    expect(before.agents[1].name).toBe("Researcher");
    expect(graphDocumentSchema.safeParse(after).success).toBe(true);
  });

  it("removes an optional edge field patched to undefined", () => {
    const after = updateEdge(doc(), "lead-writer", { toolName: undefined, label: "draft" });
    expect("toolName" in after.handoffs[1]).toBe(false);
    expect(after.handoffs[1].label).toBe("draft");
  });

  it("returns the same document for an unknown id", () => {
    const before = doc();
    expect(updateAgent(before, "nobody", { name: "x" })).toBe(before);
    expect(updateEdge(before, "nobody", { label: "x" })).toBe(before);
  });

  it("patches settings and graph info", () => {
    const after = updateGraphInfo(updateSettings(doc(), { maxSpawnDepth: 3 }), { name: "Renamed" });
    expect(after.settings.maxSpawnDepth).toBe(3);
    expect(after.settings.maxChildrenPerAgent).toBe(5);
    expect(after.name).toBe("Renamed");
  });

  it("moves items within bounds", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, -5)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b"], 7, 0)).toEqual(["a", "b"]);
  });

  it("labels a change by the fields that changed", () => {
    const names = { name: "name", maxSteps: "max steps" };
    expect(changeLabel("agent", { name: "a", maxSteps: 1 }, { name: "b", maxSteps: 1 }, names)).toBe("Edit agent name");
    expect(changeLabel("agent", { name: "a", maxSteps: 1 }, { name: "b", maxSteps: 2 }, names)).toBe(
      "Edit agent name, max steps",
    );
    expect(changeLabel("agent", { name: "a" }, { name: "a" }, names)).toBe("Edit agent");
  });
});

describe("model chain sources", () => {
  it("names the agent's own chain, then the defaults, then the environment", () => {
    const d = doc();
    expect(explainAgentChain(d, "writer")).toMatchObject({ source: "own", chain: [{ model: "gpt-4o" }] });
    expect(explainAgentChain(d, "researcher")).toMatchObject({ source: "environment", chain: [] });
    const withDefaults = updateSettings(d, {
      defaultModelChain: [scripted("gpt-5")].map((m) => ({
        ...m,
        retries: 1,
        timeoutMillis: 60000,
        script: { turns: [], rules: [], latencyMs: 0 },
      })),
    });
    expect(explainAgentChain(withDefaults, "lead")).toMatchObject({
      source: "graph-default",
      chain: [{ model: "gpt-5" }],
    });
    const sub = updateSettings(withDefaults, {
      defaultSubagentModelChain: withDefaults.settings.defaultModelChain.map((m) => ({ ...m, model: "gpt-5-mini" })),
    });
    expect(explainAgentChain(sub, "researcher")).toMatchObject({
      source: "subagent-default",
      chain: [{ model: "gpt-5-mini" }],
    });
    // The root never takes the sub-agent default.
    expect(explainAgentChain(sub, "lead")).toMatchObject({ source: "graph-default" });
    expect(explainAgentChain(d, "missing")).toBeNull();
  });

  it("gives an edge override priority and lists it on the child", () => {
    const d = doc();
    const chain = d.agents[2].modelChain.map((m) => ({ ...m, model: "o3" }));
    const withOverride = updateEdge(d, "lead-writer", { modelChain: chain });
    expect(explainEdgeChain(withOverride, "lead-writer")).toMatchObject({ source: "edge", chain: [{ model: "o3" }] });
    expect(explainEdgeChain(d, "lead-writer")).toMatchObject({ source: "own", chain: [{ model: "gpt-4o" }] });
    expect(explainEdgeChain(d, "lead-researcher")?.source).toBe("environment");
    expect(edgeOverridesInto(withOverride, "writer")).toEqual([
      { edgeId: "lead-writer", parentId: "lead", parentName: "Lead", chain },
    ]);
    expect(edgeOverridesInto(d, "writer")).toEqual([]);
  });
});

describe("prices", () => {
  it("shows the price per 1M tokens, or unknown", () => {
    expect(priceLabel("openai", "gpt-4o-mini")).toBe("$0.15 in · $0.60 out per 1M tokens");
    expect(priceLabel("scripted", "claude-sonnet-4-5")).toBe("$3 in · $15 out per 1M tokens");
    expect(priceLabel("openai", "my-model")).toBe("unknown");
    expect(priceLabel("openai", "  ")).toBe("unknown");
    expect(formatUsd(0.075)).toBe("$0.075");
    expect(formatUsd(2.5)).toBe("$2.50");
  });
});

describe("input filter preview", () => {
  const filter = (value: unknown): InputFilter =>
    agentNodeSchema.shape.handoffPolicy.parse({ inputFilter: value }).inputFilter!;

  it("applies the runtime filter: redact, truncate, prepend", () => {
    const result = previewInputFilter(
      "mail a@b.com now",
      filter({ redact: [{ pattern: "\\S+@\\S+" }], truncateChars: 15, prepend: "Be polite." }),
    );
    expect(result).toEqual({ ok: true, output: "Be polite.\n\nmail [redacted]", changed: true });
  });

  it("keeps the input without a filter", () => {
    expect(previewInputFilter("hello", null)).toEqual({ ok: true, output: "hello", changed: false });
  });

  it("reports a pattern RE2 cannot compile, with its index", () => {
    const result = previewInputFilter("x", filter({ redact: [{ pattern: "a" }, { pattern: "(?=a)" }] }));
    expect(result).toMatchObject({ ok: false, ruleIndex: 1 });
  });
});

describe("tools", () => {
  it("lists built-ins, the graph's tools and unknown names on the allow-list", () => {
    const options = toolOptions(doc(), ["calculator", "mystery"]);
    expect(options.map((o) => [o.name, o.kind])).toEqual([
      ["read_file", "builtin"],
      ["write_file", "builtin"],
      ["list_files", "builtin"],
      ["grep_files", "builtin"],
      ["calculator", "builtin"],
      ["current_time", "builtin"],
      ["search_web", "http"],
      ["mystery", "unknown"],
    ]);
    expect(filterToolOptions(options, "web").map((o) => o.name)).toEqual(["search_web"]);
    expect(filterToolOptions(options, "FILE workspace").map((o) => o.name)).toEqual([
      "read_file",
      "write_file",
      "list_files",
      "grep_files",
    ]);
    expect(toggleTool(["a"], "b", true)).toEqual(["a", "b"]);
    expect(toggleTool(["a", "b"], "a", false)).toEqual(["b"]);
    expect(toggleTool(["a"], "a", true)).toEqual(["a"]);
  });

  it("computes the effective tool set after inheritance and role", () => {
    const d = doc();
    const compiled = compile(d);
    expect(compiled.definition).not.toBeNull();
    const lead = effectiveToolSet(d, compiled, "lead")!;
    expect(lead).toMatchObject({
      role: "main",
      regular: ["read_file", "calculator"],
      denied: [{ tool: "write_file", rule: "write_*" }],
      basis: "compiled",
    });
    expect(lead.handoffs.map((h) => h.toolName)).toEqual(["subagent_researcher", "write_it"]);
    expect(lead.task).toContain("task_output");
    // The researcher inherits the lead's write_*; the writer opted out.
    expect(effectiveToolSet(d, compiled, "researcher")).toMatchObject({
      role: "leaf",
      regular: ["search_web"],
      denied: [{ tool: "write_file", rule: "write_*" }],
      handoffs: [],
      task: [],
    });
    expect(effectiveToolSet(d, compiled, "writer")).toMatchObject({ regular: ["write_file"], denied: [] });
  });

  it("still computes it from the draft while the graph has errors", () => {
    const broken = updateAgent(doc(), "researcher", { description: "" });
    const compiled = compile(broken);
    expect(compiled.definition).toBeNull();
    expect(effectiveToolSet(broken, compiled, "lead")).toMatchObject({ basis: "draft", role: "main" });
    expect(effectiveToolSet(broken, null, "researcher")).toMatchObject({ basis: "draft", role: "leaf" });
  });

  it("is null for an agent the root does not reach", () => {
    const d = doc();
    const lonely = { ...d, agents: [...d.agents, agentNodeSchema.parse({ id: "lonely", name: "Lonely" })] };
    expect(effectiveToolSet(lonely, compile(lonely), "lonely")).toBeNull();
  });

  it("names a parent's handoff tools as the compiler does", () => {
    expect(handoffToolOptions(doc(), "lead")).toEqual([
      { toolName: "subagent_researcher", edgeId: "lead-researcher", childId: "researcher", childName: "Researcher" },
      { toolName: "write_it", edgeId: "lead-writer", childId: "writer", childName: "Writer" },
    ]);
    expect(handoffToolOptions(doc(), "writer")).toEqual([]);
  });
});

describe("form errors", () => {
  const messages = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value, { error: fieldErrorMessage }).error?.issues.map((i) => i.message);

  it("says what to enter, keeping the schema's own messages", () => {
    const shape = agentNodeSchema.shape;
    expect(messages(shape.maxSteps, 0)).toEqual(["At least 1."]);
    expect(messages(shape.maxSteps, 1.5)).toEqual(["Enter a whole number."]);
    expect(messages(shape.maxSteps, Number.NaN)).toEqual(["Enter a number."]);
    expect(messages(shape.name, "")).toEqual(["Required."]);
    expect(messages(shape.params, { topP: 0 })).toEqual(["Must be more than 0."]);
    expect(messages(shape.tools, ["bad name"])).toEqual(["tool names use letters, digits, _ and -"]);
  });
});

describe("text conversions", async () => {
  const { argsFromText, argsToText, statusFromText } = await import("./optional-text");
  const { unsetBlank } = await import("./empty-fields");

  it("unsets blank optional fields and reads tool-call arguments", () => {
    const values = { name: "", budgets: { maxSteps: "", maxTokens: 5 }, redact: [{ flags: " " }] };
    expect(unsetBlank(values, new Set(["budgets.maxSteps", "redact.0.flags", "missing.path"]))).toEqual({
      name: "",
      budgets: { maxTokens: 5 },
      redact: [{}],
    });
    expect(values.budgets.maxSteps).toBe("");
    expect(argsFromText('{"task": "x"}')).toEqual({ task: "x" });
    expect(argsFromText("{not json")).toBe("{not json");
    expect(argsFromText("[1]")).toBe("[1]");
    expect(argsFromText("")).toEqual({});
    expect(argsToText({ task: "x", n: 1 })).toBe('{ "task": "x", "n": 1 }');
    expect(argsToText("raw")).toBe("raw");
    expect(statusFromText("429")).toBe(429);
    expect(statusFromText("timeout")).toBe("timeout");
  });
});

describe("emptied optional fields", () => {
  it("leave the JSON at any depth", () => {
    const after = updateAgent(doc(), "lead", { params: { temperature: undefined, topP: 0.5 } });
    expect(after.agents[0].params).toEqual({ topP: 0.5 });
    const settings = updateSettings(doc(), { budgets: { maxSteps: undefined, maxCostUsd: 2 } });
    expect(settings.settings.budgets).toEqual({ maxCostUsd: 2 });
  });
});

describe("field help", async () => {
  const { HELP } = await import("./field-help");

  it("explains every field in a sentence", () => {
    const texts = Object.values(HELP).flatMap((group) => Object.entries(group));
    expect(texts.length).toBeGreaterThan(50);
    for (const [field, text] of texts) {
      expect(text.trim().length, field).toBeGreaterThan(15);
      expect(text, field).toMatch(/[.)]$/);
      expect(text, field).not.toContain("undefined");
    }
  });
});
