import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../compiler/compile";
import { agent, edge, graph } from "../compiler/fixtures/test-graphs";
import { DIAGNOSTIC_CODES } from "../diagnostics/diagnostic-codes";
import { graphDocumentSchema, type GraphDocumentInput } from "../graph/schema";
import { analyzeDocument } from "./analyze-document";

const m = (model: string) => ({ provider: "openai" as const, model });
const findings = (input: GraphDocumentInput) => analyzeDocument(graphDocumentSchema.parse(input)).findings;
const withCode = (input: GraphDocumentInput, code: string) => findings(input).filter((d) => d.code === code);

describe("no_model_fallback", () => {
  it("names an agent whose own chain has one model", () => {
    const doc = graph({
      agents: [
        agent("main", { modelChain: [m("gpt-4o"), m("gpt-4o-mini")] }),
        agent("child", { modelChain: [m("gpt-4o")] }),
      ],
    });
    const found = withCode(doc, "no_model_fallback");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "info", nodeIds: ["child"] });
    expect(found[0].message).toContain("openai:gpt-4o");
  });

  it("groups the agents that inherit a one-model default, and points at the setting", () => {
    const doc = graph({
      settings: { defaultModelChain: [m("gpt-4o")] },
      agents: [agent("main"), agent("a"), agent("b")],
    });
    const found = withCode(doc, "no_model_fallback");
    expect(found).toHaveLength(1);
    expect(found[0].nodeIds).toEqual(["main", "a", "b"]);
    expect(found[0].path).toBe("settings.defaultModelChain");
  });

  it("reports a one-model edge override, and stays quiet with fallbacks everywhere", () => {
    const two = [m("gpt-4o"), m("gpt-4o-mini")];
    const doc = graph({
      settings: { defaultModelChain: two },
      agents: [agent("main"), agent("child")],
      handoffs: [edge("main", "child", { modelChain: [m("gpt-4o")] })],
    });
    expect(withCode(doc, "no_model_fallback").map((d) => d.edgeIds)).toEqual([["main-child"]]);
    expect(withCode(graph({ settings: { defaultModelChain: two } }), "no_model_fallback")).toEqual([]);
  });
});

describe("handoff_denied_at_depth", () => {
  /** x runs at depth 1 (main → x) and 2 (main → a → x); its policy maxDepth 2 refuses x → y at depth 3. */
  const twoDepths = (xPolicy: object) =>
    graph({
      settings: { maxSpawnDepth: 3, defaultModelChain: [m("gpt-4o"), m("gpt-4o-mini")] },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 3 } }),
        agent("a", { handoffPolicy: { maxDepth: 3 } }),
        agent("x", { handoffPolicy: xPolicy }),
        agent("y"),
      ],
      handoffs: [edge("main", "a"), edge("main", "x"), edge("a", "x"), edge("x", "y")],
    });

  it("warns when a longer path makes the parent's policy refuse an offered handoff, with the seed's reason", () => {
    const found = withCode(twoDepths({ maxDepth: 2 }), "handoff_denied_at_depth");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", edgeIds: ["x-y"], nodeIds: ["x"] });
    expect(found[0].message).toContain("handoff depth 3 exceeds maxDepth 2");
    expect(found[0].message).toContain("main → a → x");
    expect(found[0].message).toContain("the call fails");
  });

  it("stays quiet when the policy admits every depth, and leaves always-refused tools to the compiler", () => {
    expect(withCode(twoDepths({ maxDepth: 3 }), "handoff_denied_at_depth")).toEqual([]);
    const always = twoDepths({ maxDepth: 3, deniedTools: ["subagent_y"] });
    expect(withCode(always, "handoff_denied_at_depth")).toEqual([]);
    expect(compile(always).diagnostics.map((d) => d.code)).toContain("policy_blocks_handoff");
  });
});

describe("handoff_policy_disabled", () => {
  it("lists the fields a disabled policy of a delegating agent ignores", () => {
    const doc = graph({
      agents: [agent("main", { handoffPolicy: { enabled: false, deniedTools: ["x"], maxRetries: 2 } }), agent("child")],
    });
    const found = withCode(doc, "handoff_policy_disabled");
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain("deniedTools, maxRetries are ignored");
    expect(found[0].nodeIds).toEqual(["main"]);
  });

  it("stays quiet for a disabled policy left at its defaults, or for an agent that does not delegate", () => {
    expect(
      withCode(
        graph({ agents: [agent("main", { handoffPolicy: { enabled: false } }), agent("c")] }),
        "handoff_policy_disabled",
      ),
    ).toEqual([]);
    const leaf = graph({
      agents: [agent("main"), agent("child", { handoffPolicy: { enabled: false, maxRetries: 3 } })],
    });
    expect(withCode(leaf, "handoff_policy_disabled")).toEqual([]);
  });
});

describe("depth_limit_hides_agents", () => {
  it("names the agents behind an edge beyond the limit and the values that would run them", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b"), agent("c")],
      handoffs: [edge("main", "a"), edge("a", "b"), edge("b", "c")],
    });
    const found = withCode(doc, "depth_limit_hides_agents");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ edgeIds: ["a-b"], nodeIds: ["b", "c"] });
    expect(found[0].message).toContain("settings.maxSpawnDepth to 3 (it is 1)");
    expect(found[0].message).toContain('the handoff policy maxDepth of "a", "b" to 3');
  });

  it("says nothing when the child is reached through another, shorter path", () => {
    const doc = graph({
      agents: [agent("main"), agent("a"), agent("b")],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "b")],
    });
    expect(compile(doc).diagnostics.map((d) => d.code)).toContain("edge_exceeds_max_depth");
    expect(withCode(doc, "depth_limit_hides_agents")).toEqual([]);
  });
});

describe("reused sessions", () => {
  it("warns when a reused child's memory is shared by the sessions of a NEW_SESSION parent", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("worker", { handoffPolicy: { maxDepth: 2 } }),
        agent("notes"),
      ],
      handoffs: [edge("main", "worker"), edge("worker", "notes", { sessionMode: "REUSE_SESSION" })],
    });
    const found = withCode(doc, "reused_session_shared");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", edgeIds: ["worker-notes", "main-worker"] });
    expect(found[0].message).toContain("NEW_SESSION");
  });

  it("is quiet when the parent is the root or is itself reused", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("worker", { handoffPolicy: { maxDepth: 2 } }),
        agent("notes"),
      ],
      handoffs: [
        edge("main", "worker", { sessionMode: "REUSE_SESSION" }),
        edge("worker", "notes", { sessionMode: "REUSE_SESSION" }),
      ],
    });
    expect(withCode(doc, "reused_session_shared")).toEqual([]);
  });

  it("tells that a child reused by two parents keeps one memory per caller", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("a", { handoffPolicy: { maxDepth: 2 } }),
        agent("shared"),
      ],
      handoffs: [
        edge("main", "a", { sessionMode: "REUSE_SESSION" }),
        edge("main", "shared", { sessionMode: "REUSE_SESSION" }),
        edge("a", "shared", { sessionMode: "REUSE_SESSION" }),
      ],
    });
    const found = withCode(doc, "reused_session_per_parent");
    expect(found).toHaveLength(1);
    expect(found[0].nodeIds).toEqual(["shared", "main", "a"]);
    expect(found[0].message).toContain("2 parents");
  });
});

describe("analyzeDocument", () => {
  it("uses only registered codes, with their registered severities, and finds nothing on a clean example", () => {
    const examples = ["research-team", "support-triage", "reviewer-session"].map((name) =>
      graphDocumentSchema.parse(JSON.parse(readFileSync(join(process.cwd(), `examples/${name}.json`), "utf8"))),
    );
    for (const doc of examples) {
      const result = analyzeDocument(doc);
      for (const d of result.findings) {
        expect(DIAGNOSTIC_CODES[d.code as keyof typeof DIAGNOSTIC_CODES]?.severity, d.code).toBe(d.severity);
      }
      expect(result.cost.agents.length).toBeGreaterThan(0);
    }
  });

  it("puts warnings before infos", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2, defaultModelChain: [m("gpt-4o")] },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("worker", { handoffPolicy: { maxDepth: 2 } }),
        agent("notes"),
      ],
      handoffs: [edge("main", "worker"), edge("worker", "notes", { sessionMode: "REUSE_SESSION" })],
    });
    expect(findings(doc).map((d) => d.severity)).toEqual(["warning", "info"]);
  });
});
