import { describe, expect, it } from "vitest";
import { eventsOfType } from "../testing/assert-event-invariants";
import { call, defineGraph, say, scripted } from "../testing/define-graph";
import { runToEnd } from "../testing/run-to-end";
import { createTestPorts } from "../testing/test-ports";

/**
 * `(a+)+$` on `aaaa…b` makes a backtracking engine run for longer than the
 * universe; it used to block the event loop so the stream never reached
 * RUN_END and neither budgets nor cancellation could help. On RE2 each of
 * these runs ends at once. (A test timeout cannot interrupt synchronous code,
 * so on the old engine these tests hang rather than fail.)
 */
const HOSTILE = "(a+)+$";
const EVIL_INPUT = `${"a".repeat(5_000)}b`;

describe("user- and model-supplied patterns cannot hang a run", () => {
  it("a model asking grep_files for `(a+)+$` gets its answer and the run reaches RUN_END", async () => {
    const test = createTestPorts();
    await test.files.write("c:main", "evil.txt", `${EVIL_INPUT}\nplain line`);
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          tools: ["grep_files"],
          model: [
            scripted([
              call(["grep_files", { pattern: HOSTILE }], ["grep_files", { pattern: "(?=x)" }]),
              say("{{lastToolResult}}"),
            ]),
          ],
        },
      },
    });
    const { events, result } = await runToEnd(definition, test, "search", { conversationId: "c" });
    expect(eventsOfType(events, "TOOL_CALL_END").map((e) => e.output)).toEqual(
      expect.arrayContaining([
        "(no matches)",
        expect.stringMatching(/^error: invalid regular expression \/\(\?=x\)\/: .*lookaround/),
      ]),
    );
    expect(events.at(-1)?.type).toBe("RUN_END");
    expect(result.status).toBe("completed");
  }, 10_000);

  it("a scripted-model rule `(a+)+$` is tried against a hostile input and the run completes", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: { model: [scripted([say("no rule fired")], { rules: [{ match: HOSTILE, turn: say("rule fired") }] })] },
      },
    });
    const { events, result } = await runToEnd(definition, test, EVIL_INPUT);
    expect(events.at(-1)?.type).toBe("RUN_END");
    expect(result.output).toBe("no rule fired");
  }, 10_000);

  it("an input-filter redact pattern `(a+)+$` runs on the handoff input and the run completes", async () => {
    const test = createTestPorts();
    const definition = defineGraph({
      root: "main",
      agents: {
        main: {
          handoffs: [{ to: "w" }],
          policy: {
            inputFilter: {
              redact: [
                { pattern: HOSTILE, flags: "g", replacement: "X" },
                { pattern: "b$", flags: "g", replacement: "!" },
              ],
            },
          },
          model: [scripted([call(["subagent_w", { task: EVIL_INPUT }]), say("{{lastToolResult}}")])],
        },
        w: { model: [scripted([say("got {{input}}")])] },
      },
    });
    const { events, result } = await runToEnd(definition, test, "go");
    expect(events.at(-1)?.type).toBe("RUN_END");
    expect(result.status).toBe("completed");
    const child = eventsOfType(events, "AGENT_START").find((e) => e.agentId === "w");
    expect(child?.input).toBe(`${"a".repeat(5_000)}!`);
  }, 10_000);
});
