import { describe, expect, it } from "vitest";
import type { ToolRunner } from "../ports";
import { defineGraph } from "../testing/define-graph";
import { visibleToolsFor } from "./visible-tools";

const runner = (names: string[]): ToolRunner => ({
  spec: (name) => (names.includes(name) ? { name, description: `${name} tool`, parameters: { type: "object" } } : null),
  run: async () => "ok",
});

describe("visibleToolsFor", () => {
  const definition = defineGraph({
    root: "lead",
    agents: {
      lead: { tools: ["calculator", "lookup"], handoffs: [{ to: "helper" }] },
      helper: { tools: ["lookup"] },
    },
  });
  const lead = definition.agents.lead;

  it("computes a surface once per compiled agent, runner, role and forceSync, and shares it", () => {
    const tools = runner(["lookup"]);
    const first = visibleToolsFor({ agent: lead, role: "main", definition, forceSync: false, runner: tools });
    expect(first.names.slice(0, 3)).toEqual(["calculator", "lookup", "subagent_helper"]);
    expect(first.kinds.get("lookup")).toBe("external");
    expect(visibleToolsFor({ agent: lead, role: "main", definition, forceSync: false, runner: tools })).toBe(first);
    // Another role, runner or forceSync is another surface.
    const leaf = visibleToolsFor({ agent: lead, role: "leaf", definition, forceSync: false, runner: tools });
    expect(leaf.names).toEqual(["calculator", "lookup"]);
    const other = visibleToolsFor({ agent: lead, role: "main", definition, forceSync: false, runner: runner([]) });
    expect(other).not.toBe(first);
    expect(other.names.slice(0, 2)).toEqual(["calculator", "subagent_helper"]);
    expect(visibleToolsFor({ agent: lead, role: "main", definition, forceSync: true, runner: tools })).not.toBe(first);
  });

  it("does not mix up two definitions that share agent objects", () => {
    const tools = runner([]);
    const withCatalog = {
      ...definition,
      tools: [{ name: "lookup", kind: "http" as const, catalogId: null, description: "from the catalog" }],
    };
    const plain = visibleToolsFor({ agent: lead, role: "main", definition, forceSync: false, runner: tools });
    const catalog = visibleToolsFor({
      agent: lead,
      role: "main",
      definition: withCatalog,
      forceSync: false,
      runner: tools,
    });
    expect(plain.names).not.toContain("lookup");
    expect(catalog.specs.find((spec) => spec.name === "lookup")?.description).toBe("from the catalog");
  });
});
