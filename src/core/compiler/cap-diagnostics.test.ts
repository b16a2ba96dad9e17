import { describe, expect, it } from "vitest";
import { capDiagnostics } from "./cap-diagnostics";
import { diagnostic } from "../diagnostics/diagnostics";
import { agent, edge, graph, withCode } from "./fixtures/test-graphs";
import { compile } from "./index";

describe("capDiagnostics", () => {
  const many = (code: "unreachable_agent" | "cycle", n: number) =>
    Array.from({ length: n }, (_, i) => diagnostic(code, `${code} ${i}`));

  it("keeps the first N of each code, then one exact summary of the same code and severity", () => {
    const input = [...many("cycle", 3), ...many("unreachable_agent", 7)];
    const capped = capDiagnostics(input, 2);
    expect(capped.map((d) => [d.code, d.severity, d.message.split(" (")[0]])).toEqual([
      ["cycle", "error", "cycle 0"],
      ["cycle", "error", "cycle 1"],
      ["cycle", "error", "…and 1 more `cycle`"],
      ["unreachable_agent", "warning", "unreachable_agent 0"],
      ["unreachable_agent", "warning", "unreachable_agent 1"],
      ["unreachable_agent", "warning", "…and 5 more `unreachable_agent`"],
    ]);
  });

  it("leaves short lists alone", () => {
    const input = many("cycle", 50);
    expect(capDiagnostics(input)).toEqual(input);
  });
});

describe("diagnostics flood (hostile graphs)", () => {
  it("20,000 edges that do not compile give a bounded list with exact counts", () => {
    // main → b0…b99 (depth 1, the default limit), then 19,900 edges b → c that go deeper: each is a warning,
    // and each of the 4,899 c agents is unreachable.
    const bs = Array.from({ length: 100 }, (_, i) => `b${i}`);
    const cs = Array.from({ length: 4_899 }, (_, i) => `c${i}`);
    const deep = Array.from({ length: 19_900 }, (_, k) => edge(bs[k % 100], cs[k % 4_899]));
    const doc = graph({
      agents: [agent("main"), ...bs.map((id) => agent(id)), ...cs.map((id) => agent(id))],
      handoffs: [...bs.map((id) => edge("main", id)), ...deep],
    });
    const result = compile(doc);
    const restOf = (code: string) => {
      const listed = withCode(result, code);
      expect(listed).toHaveLength(51);
      const match = new RegExp(`^…and ([\\d,]+) more \`${code}\``).exec(listed[50].message);
      return 50 + Number(match![1].replace(/,/g, ""));
    };
    expect(restOf("edge_exceeds_max_depth")).toBe(19_900);
    expect(restOf("unreachable_agent")).toBe(4_899);
    expect(result.definition).not.toBeNull();
    expect(JSON.stringify(result.diagnostics).length).toBeLessThan(100_000);
  }, 30_000);

  it("a 5,000-agent cycle gets a message under 1 KB naming the first and last agents and the count between", () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `agent${i}`);
    const doc = graph({
      rootAgentId: "agent0",
      agents: ids.map((id) => agent(id)),
      handoffs: ids.map((id, i) => edge(id, ids[(i + 1) % ids.length])),
    });
    const [cycle, ...others] = withCode(compile(doc), "cycle");
    expect(others).toEqual([]);
    expect(cycle.message.length).toBeLessThan(1024);
    expect(cycle.message).toContain(
      "agent0 → agent1 → agent2 → agent3 → … 4,993 more … → agent4997 → agent4998 → agent4999 → agent0",
    );
    expect(cycle.nodeIds).toHaveLength(5_000);
  }, 30_000);

  it("500 agents with 1,000 schema problems: 50 listed, then the exact count of the rest", () => {
    const agents = Array.from({ length: 500 }, (_, i) => ({ id: `a${i}`, name: 7, tools: "everything" }));
    const listed = withCode(compile({ schemaVersion: 1, name: "bad", rootAgentId: "a0", agents }), "schema_invalid");
    expect(listed).toHaveLength(51);
    expect(listed.at(-1)!.message).toMatch(/^…and 950 more `schema_invalid`/);
  });
});
