import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

describe("permissions (SPEC §5.8)", () => {
  it("the executor refuses tools outside the agent's effective tools, and traces it", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["read_file"],
          model: [scripted([call(["write_file", { path: "x", content: "y" }], ["made_up"]), say("ok")])],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    const ends = eventsOfType(events, "TOOL_CALL_END");
    expect(ends.map((e) => e.output)).toEqual([
      "tool write_file is not allowed for agent main",
      "tool made_up is not allowed for agent main",
    ]);
    expect(eventsOfType(events, "TOOL_CALL_START").map((e) => e.kind)).toEqual(["unknown", "unknown"]);
    expect(await test.files.list("x")).toEqual([]);
  });

  it("deny rules (inherited into denyRules) remove tools even if the allow-list has them", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w" }],
          denyRules: ["task_*", "wait_*"],
          model: [scripted([call(["subagent_w", { task: "x" }]), say("ok")])],
        },
        w: {
          tools: ["read_file", "write_file"],
          denyRules: ["write_*"],
          model: [scripted([call(["write_file", { path: "a", content: "b" }]), say("done")])],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(test.requestsOf("main")[0].tools).toEqual(["subagent_w"]);
    expect(test.requestsOf("w")[0].tools).toEqual(["read_file"]);
    expect(eventsOfType(events, "TOOL_CALL_END").find((e) => e.tool === "write_file")!.output).toBe(
      "tool write_file is not allowed for agent w",
    );
  });
});

describe("malformed tool calls from a model", () => {
  it("gives regular tools a clear error result instead of crashing", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["calculator", "read_file"],
          model: [
            scripted([
              call(
                ["calculator", "{expression: 1+"],
                ["calculator", { expr: "1" }],
                ["read_file", { path: "missing.md" }],
              ),
              say("recovered"),
            ]),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(result.output).toBe("recovered");
    const outputs = eventsOfType(events, "TOOL_CALL_END").map((e) => e.output);
    expect(outputs[0]).toMatch(/^error: invalid JSON arguments for tool calculator: /);
    expect(outputs[1]).toMatch(/^error: invalid arguments for tool calculator: expression: /);
    expect(outputs[2]).toBe("error: file not found: missing.md");
    expect(eventsOfType(events, "TOOL_CALL_END").every((e) => e.isError)).toBe(true);
  });
});

describe("built-in tools", () => {
  it("isolated children get their own workspace; shared children use the parent's", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["write_file", "list_files"],
          handoffs: [
            { to: "iso", workspaceMode: "isolated" },
            { to: "shared", workspaceMode: "shared" },
          ],
          model: [
            scripted([
              call(["write_file", { path: "./notes/plan.md", content: "the plan" }]),
              call(["subagent_iso", { task: "look" }], ["subagent_shared", { task: "look" }]),
              call(["list_files", {}]),
              say("{{lastToolResult}}"),
            ]),
          ],
        },
        iso: {
          tools: ["read_file", "write_file"],
          model: [
            scripted([
              call(["read_file", { path: "notes/plan.md" }], ["write_file", { path: "mine.md", content: "iso" }]),
              say("{{lastToolResult}}"),
            ]),
          ],
        },
        shared: {
          tools: ["read_file", "grep_files"],
          model: [scripted([call(["grep_files", { pattern: "PLAN", ignoreCase: true }]), say("{{lastToolResult}}")])],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go", { conversationId: "conv" });
    const byAgent = (id: string) =>
      eventsOfType(events, "TOOL_CALL_END")
        .filter((e) => e.agentId === id)
        .map((e) => e.output);
    expect(byAgent("iso")).toEqual(["error: file not found: notes/plan.md", "wrote 3 characters to mine.md"]);
    expect(byAgent("shared")).toEqual(["notes/plan.md:1: the plan"]);
    expect(result.output).toBe("notes/plan.md");
    expect(test.files.workspaceIds()).toEqual(["conv:main", "conv:main/iso"]);
  });

  it("calculator and current_time (from the clock port)", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["calculator", "current_time"],
          model: [
            scripted([
              call(
                ["calculator", { expression: "sqrt(2) ^ 2" }],
                ["current_time", {}],
                ["current_time", { timezone: "Mars/Base" }],
              ),
              say("ok"),
            ]),
          ],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    // Parallel calls end in any order; read them in call order.
    const ends = eventsOfType(events, "TOOL_CALL_END");
    const outputs = eventsOfType(events, "TOOL_CALL_START").map((s) => ends.find((e) => e.callId === s.callId)!.output);
    expect(outputs[0]).toBe("2");
    expect(JSON.parse(outputs[1])).toEqual({
      iso: "2026-01-01T09:00:00.000Z",
      epochMillis: Date.UTC(2026, 0, 1, 9),
      timezone: "UTC",
    });
    expect(outputs[2]).toBe("error: unknown time zone: Mars/Base");
  });

  it("refuses paths that escape the workspace", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["write_file"],
          model: [scripted([call(["write_file", { path: "../etc/passwd", content: "x" }]), say("ok")])],
        },
      },
    });
    const { events } = await runToEnd(definition, test, "go");
    expect(eventsOfType(events, "TOOL_CALL_END")[0].output).toBe('error: path may not contain "..": ../etc/passwd');
  });
});
