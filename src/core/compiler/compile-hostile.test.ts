import { describe, expect, it } from "vitest";
import { agent, edge, graph, withCode } from "./fixtures/test-graphs";
import { compile } from "./index";

/** Inputs a careless or hostile caller could hand the compiler: each gives diagnostics, never an exception. */
describe("compile on hostile inputs", () => {
  const failsCleanly = (input: unknown) => {
    const result = compile(input);
    expect(result.definition).toBeNull();
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const d of result.diagnostics) {
      expect(d.severity).toMatch(/^(error|warning|info)$/);
      expect(d.message.length).toBeGreaterThan(10);
    }
    return result;
  };

  it("a self-referencing object", () => {
    const doc = graph({ agents: [agent("main")] }) as Record<string, unknown>;
    doc.self = doc;
    expect(failsCleanly(doc).diagnostics[0].code).toBe("invalid_document");
  });

  it("a value nested 100 000 levels deep, as an object rather than text", () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    // The same code as for such nesting in JSON text, so the API and the CLI say the same thing.
    expect(failsCleanly({ ...graph({ agents: [agent("main")] }), extra: deep }).diagnostics[0].code).toBe(
      "document_too_deep",
    );
  });

  it("getters and proxies that throw, and BigInts", () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
        ownKeys: () => {
          throw new Error("boom");
        },
      },
    );
    failsCleanly({ ...graph({ agents: [agent("main")] }), ui: trap });
    const withGetter = graph({ agents: [agent("main")] });
    Object.defineProperty(withGetter, "name", {
      enumerable: true,
      get: () => {
        throw new Error("boom");
      },
    });
    failsCleanly(withGetter);
    failsCleanly({ ...graph({ agents: [agent("main")] }), settings: { maxSpawnDepth: 1n } });
  });

  it("NaN and Infinity in an already-parsed document", () => {
    failsCleanly(graph({ agents: [agent("main", { maxSteps: Number.NaN })] }));
    failsCleanly(graph({ agents: [agent("main", { position: { x: Infinity, y: 0 } })] }));
  });

  it("a 500-agent ring names the whole cycle once", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `a${i}`);
    const doc = graph({
      rootAgentId: "a0",
      agents: ids.map((id) => agent(id)),
      handoffs: ids.map((id, i) => edge(id, ids[(i + 1) % ids.length])),
    });
    const cycles = withCode(failsCleanly(doc), "cycle");
    expect(cycles).toHaveLength(1);
    expect(cycles[0].nodeIds).toHaveLength(500);
    expect(cycles[0].message).toContain("a0 → a1 → a2");
  });
});
