import { describe, expect, it } from "vitest";
import researchTeam from "../../../examples/research-team.json";
import reviewerSession from "../../../examples/reviewer-session.json";
import supportTriage from "../../../examples/support-triage.json";
import { compile, hashDefinition, runtimeDefinitionSchema } from "./index";
import { agent, edge, graph, withCode } from "./fixtures/test-graphs";

const examples = { researchTeam, reviewerSession, supportTriage };

describe("compile", () => {
  it.each(Object.entries(examples))("compiles the %s example cleanly into a valid definition", (_name, example) => {
    const result = compile(example);
    expect(result.diagnostics).toEqual([]);
    expect(runtimeDefinitionSchema.parse(result.definition)).toEqual(result.definition);
    expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.hash).toBe(hashDefinition(result.definition!));
  });

  it("builds the research team as drawn: main lead, three leaf specialists", () => {
    const { definition } = compile(researchTeam);
    expect(definition!.rootAgentId).toBe("lead");
    expect(Object.keys(definition!.agents)).toEqual(["critic", "data-analyst", "lead", "web-researcher"]);
    const lead = definition!.agents.lead;
    expect(lead).toMatchObject({ depth: 0, role: "main", tools: ["calculator"], denyRules: [] });
    expect(lead.handoffs.map((h) => [h.toolName, h.childId, h.edgeId])).toEqual([
      ["subagent_critic", "critic", "lead-critic"],
      ["subagent_data_analyst", "data-analyst", "lead-data"],
      ["subagent_web_researcher", "web-researcher", "lead-web"],
    ]);
    expect(lead.handoffs[0]).toMatchObject({
      description: researchTeam.agents[3].description,
      sessionMode: "NEW_SESSION",
      contextMode: "isolated",
      workspaceMode: "isolated",
      execution: { mode: "sync", timeoutSeconds: 30, onTimeout: "promote", modelChoosesMode: false },
      label: null,
      generalPurpose: false,
    });
    expect(lead.handoffs[0].modelChain[0]).toMatchObject({ provider: "scripted", model: "claude-haiku-4-5" });
    for (const id of ["critic", "data-analyst", "web-researcher"])
      expect(definition!.agents[id]).toMatchObject({ depth: 1, role: "leaf", handoffs: [] });
  });

  it("gives the same result for JSON text and for the parsed object", () => {
    expect(compile(JSON.stringify(researchTeam))).toEqual(compile(researchTeam));
  });

  describe("hash", () => {
    it("is the same every time for the same document", () => {
      expect(compile(researchTeam).hash).toBe(compile(structuredClone(researchTeam)).hash);
    });

    it("ignores canvas positions and the viewport", () => {
      const moved = structuredClone(researchTeam) as typeof researchTeam & { ui?: unknown };
      moved.agents.forEach((a, i) => (a.position = { x: a.position.x + 100 * i, y: -a.position.y }));
      moved.ui = { viewport: { x: 12, y: 40, zoom: 1.5 } };
      expect(compile(moved).hash).toBe(compile(researchTeam).hash);
    });

    it("ignores the order agents, edges and object keys were written in", () => {
      const shuffled = structuredClone(researchTeam);
      shuffled.agents.reverse();
      shuffled.handoffs.reverse();
      const reKeyed = JSON.parse(
        JSON.stringify(shuffled, (_k, v) =>
          v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
        ),
      );
      expect(compile(reKeyed).hash).toBe(compile(researchTeam).hash);
    });

    it("changes when anything the runtime sees changes", () => {
      const base = compile(researchTeam).hash;
      const changed = structuredClone(researchTeam);
      changed.agents[1].instructions += " Be brief.";
      expect(compile(changed).hash).not.toBe(base);
      const renamed = structuredClone(researchTeam);
      renamed.name = "Another team";
      expect(compile(renamed).hash).not.toBe(base);
    });
  });

  it("returns no definition and no hash when there is an error", () => {
    const result = compile(graph({ rootAgentId: "nobody" }));
    expect(result).toMatchObject({ definition: null, hash: null });
    expect(result.diagnostics[0]).toMatchObject({ code: "root_not_found", severity: "error" });
  });

  it("still compiles with warnings and infos, and lists errors first", () => {
    const ok = compile(
      graph({ agents: [agent("main"), agent("child"), agent("orphan")], handoffs: [edge("main", "child")] }),
    );
    expect(ok.definition).not.toBeNull();
    expect(withCode(ok, "unreachable_agent")).toHaveLength(1);
    const broken = compile(
      graph({
        agents: [agent("main"), agent("child", { tools: ["nope"] }), agent("orphan")],
        handoffs: [edge("main", "child")],
      }),
    );
    expect(broken.diagnostics.map((d) => d.severity)).toEqual(["error", "warning", "warning"]);
  });

  it("returns a definition that shares nothing with the input", () => {
    const doc = graph({ agents: [agent("main", { tools: ["calculator"] }), agent("child")] });
    const first = compile(doc).definition!;
    first.agents.main.tools.push("write_file");
    first.agents.main.params.temperature = 2;
    expect(compile(doc).definition!.agents.main).toMatchObject({ tools: ["calculator"], params: {} });
  });

  it("handles agent ids that are names of Object.prototype members", () => {
    const doc = graph({
      agents: [agent("constructor"), agent("toString"), agent("hasOwnProperty")],
      handoffs: [edge("constructor", "toString"), edge("constructor", "hasOwnProperty")],
    });
    const result = compile(doc);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["uses_environment_default_model"]);
    expect(Object.keys(result.definition!.agents)).toEqual(["constructor", "hasOwnProperty", "toString"]);
    const id: string = "constructor";
    expect(result.definition!.agents[id].handoffs.map((h) => h.toolName)).toEqual([
      "subagent_hasownproperty",
      "subagent_tostring",
    ]);
  });

  it("refuses a 10 MB document with a size diagnostic", () => {
    const result = compile(JSON.stringify({ ...researchTeam, description: "x".repeat(10 * 1024 * 1024) }));
    expect(result).toMatchObject({ definition: null, hash: null, diagnostics: [{ code: "document_too_large" }] });
  });

  it("honours maxDocumentBytes", () => {
    expect(compile(researchTeam, { maxDocumentBytes: 100 }).diagnostics[0].code).toBe("document_too_large");
  });

  it("never throws, whatever it is given", () => {
    const inputs: unknown[] = [
      undefined,
      null,
      0,
      "",
      "{",
      "[]",
      "null",
      true,
      [],
      {},
      { schemaVersion: 1 },
      { schemaVersion: 1, agents: "x" },
      () => 1,
      Symbol("s"),
    ];
    for (const input of inputs) {
      const result = compile(input);
      expect(result.definition).toBeNull();
      expect(result.diagnostics.length).toBeGreaterThan(0);
    }
  });

  it("survives random corruption of a valid document (seeded fuzz)", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const junk = [null, -1, 0, 1e9, "", "x", "研究员", [], {}, true, [1, "a"], { a: 1 }];
    for (let round = 0; round < 300; round++) {
      const doc = structuredClone(supportTriage) as unknown as Record<string, unknown>;
      // Pick a random container inside the document and replace or add a random field.
      let target: unknown = doc;
      for (let depth = 0; depth < 1 + Math.floor(random() * 4); depth++) {
        const keys = target && typeof target === "object" ? Object.keys(target) : [];
        if (keys.length === 0) break;
        const next = (target as Record<string, unknown>)[keys[Math.floor(random() * keys.length)]];
        if (!next || typeof next !== "object") break;
        target = next;
      }
      const keys = Object.keys(target as object);
      const key = random() < 0.8 && keys.length > 0 ? keys[Math.floor(random() * keys.length)] : "extra";
      (target as Record<string, unknown>)[key] = junk[Math.floor(random() * junk.length)];
      const result = compile(doc);
      expect(result.diagnostics.every((d) => typeof d.code === "string" && d.message.length > 0)).toBe(true);
      if (result.definition) runtimeDefinitionSchema.parse(result.definition);
    }
  });
});
