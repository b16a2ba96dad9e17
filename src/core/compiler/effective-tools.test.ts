import { describe, expect, it } from "vitest";
import { denyMatcher, effectiveTools } from "./effective-tools";
import { compile } from "./index";
import { agent, edge, graph } from "./fixtures/test-graphs";

describe("denyMatcher", () => {
  it("matches exact names and * globs, case-sensitively", () => {
    const denied = denyMatcher(["calculator", "write_*", "*_files", "a*b*c"]);
    expect(["calculator", "write_file", "write_", "list_files", "abc", "aXbYc"].every(denied)).toBe(true);
    expect(["Calculator", "read_file", "rewrite_file", "ab"].some(denied)).toBe(false);
  });
  it("* alone denies everything; no rules deny nothing", () => {
    expect(denyMatcher(["*"])("anything")).toBe(true);
    expect(denyMatcher([])("anything")).toBe(false);
  });
});

describe("deny-rule globs on hostile input", () => {
  const longName = "a".repeat(64);
  const probe = (denyTools: string[], tools = [longName]) =>
    compile(
      graph({
        agents: [agent("main", { tools, denyTools })],
        tools: tools.map((name) => ({ name, kind: "http" as const })),
      }),
    );

  // As backtracking regexes these took 47 s (8 `a*`) and over a minute (10); the test timeout is 5 s.
  it("compiles a 64-character tool name against `a*a*a*a*a*a*a*a*b` promptly", () => {
    const result = probe(["a*a*a*a*a*a*a*a*b"]);
    expect(result.definition?.agents.main.tools).toEqual([longName]);
  }, 5_000);

  it("handles ten and more `a*` too, and still denies what the glob matches", () => {
    expect(probe([`${"a*".repeat(12)}b`]).definition?.agents.main.tools).toEqual([longName]);
    const named = `${"a".repeat(63)}b`;
    expect(probe([`${"a*".repeat(12)}b`], [named]).definition?.agents.main.tools).toEqual([]);
  }, 5_000);
});

describe("effectiveTools", () => {
  it("is the allow-list, deduplicated, minus denied tools, in allow-list order", () => {
    expect(effectiveTools(["write_file", "calculator", "read_file", "calculator"], ["write_*"])).toEqual([
      "calculator",
      "read_file",
    ]);
  });
});

describe("deny rule inheritance in the definition", () => {
  const files = ["read_file", "write_file", "list_files", "calculator"];
  const deep = (childInherits: boolean) =>
    graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { tools: files, denyTools: ["write_*"], handoffPolicy: { maxDepth: 2 } }),
        agent("mid", { tools: files, denyTools: ["calculator"], handoffPolicy: { maxDepth: 2 } }),
        agent("leaf", { tools: files, inheritParentPermissions: childInherits }),
      ],
      handoffs: [edge("main", "mid"), edge("mid", "leaf")],
    });

  it("passes a parent's rules (own + inherited) down the tree", () => {
    const agents = compile(deep(true)).definition!.agents;
    expect(agents.main).toMatchObject({ tools: ["read_file", "list_files", "calculator"], denyRules: ["write_*"] });
    expect(agents.mid).toMatchObject({ tools: ["read_file", "list_files"], denyRules: ["calculator", "write_*"] });
    expect(agents.leaf).toMatchObject({ tools: ["read_file", "list_files"], denyRules: ["calculator", "write_*"] });
  });

  it("stops at an agent with inheritParentPermissions: false", () => {
    expect(compile(deep(false)).definition!.agents.leaf).toMatchObject({
      tools: files,
      denyRules: [],
      inheritParentPermissions: false,
    });
  });

  it("gives a child reached from several parents the union of their rules", () => {
    const doc = graph({
      settings: { maxSpawnDepth: 2 },
      agents: [
        agent("main", { handoffPolicy: { maxDepth: 2 } }),
        agent("a", { denyTools: ["write_file"], handoffPolicy: { maxDepth: 2 } }),
        agent("b", { denyTools: ["calculator"], handoffPolicy: { maxDepth: 2 } }),
        agent("shared", { tools: files }),
      ],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "shared"), edge("b", "shared")],
    });
    expect(compile(doc).definition!.agents.shared).toMatchObject({
      tools: ["read_file", "list_files"],
      denyRules: ["calculator", "write_file"],
    });
  });

  it("ignores rules of parents whose edges are not compiled", () => {
    const doc = graph({
      agents: [agent("main"), agent("a", { denyTools: ["*"] }), agent("b", { tools: files })],
      handoffs: [edge("main", "a"), edge("main", "b"), edge("a", "b")],
    });
    expect(compile(doc).definition!.agents.b.tools).toEqual(files);
  });
});
