import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assertEventInvariants } from "@/core/runtime/testing/assert-event-invariants";
import { EXIT, parseEventLines, runCommand } from "./run";

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCommand(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), color: false });
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempGraph(document: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "ags-cli-"));
  tempDirs.push(dir);
  const path = join(dir, "graph.json");
  writeFileSync(path, JSON.stringify(document));
  return path;
}

const scripted = (turns: unknown[]) => [{ provider: "scripted", model: "gpt-4o-mini", script: { turns } }];

describe("graph run", () => {
  for (const example of ["research-team", "support-triage", "reviewer-session"]) {
    it(`prints a complete, invariant-respecting JSONL stream for examples/${example}.json`, async () => {
      const { code, stdout, stderr } = await cli([
        `examples/${example}.json`,
        "--input",
        "I was charged twice",
        "--instant",
      ]);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      const events = parseEventLines(stdout);
      assertEventInvariants(events);
      expect(events.at(-1)).toMatchObject({ type: "RUN_END", status: "completed" });
    });
  }

  it("prints a readable nested view with --pretty", async () => {
    const { code, stdout } = await cli([
      "examples/research-team.json",
      "--input",
      "Is remote work here to stay?",
      "--pretty",
      "--instant",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^▶ run "Research team"/);
    expect(stdout).toContain("⇢ handoff to critic (depth 1, NEW_SESSION)");
    expect(stdout).toContain("[lead/critic] ▶ critic (leaf, depth 1)");
    expect(stdout).toMatch(/■ run completed · 8 model calls · \d+ in \/ \d+ out · \$0\.\d+ · 1400 ms/);
    // The tree at the end comes from the span reducer: each agent with its rolled-up totals.
    const tree = stdout.slice(stdout.indexOf("trace:"));
    expect(tree).toMatch(/^ {2}run "Research team" completed · 8 model calls/m);
    expect(tree).toMatch(/^ {4}lead completed · 8 model calls/m);
    expect(tree).toMatch(/^ {6}⇢ subagent_critic → critic completed · attempts 1 · 200 ms$/m);
    expect(tree).toMatch(/^ {8}critic completed · 1 model call · \d+ in \/ \d+ out · \$0\.\d+ · 200 ms$/m);
  });

  it("--pretty shows retries as steps and an unknown price as unpriced, not free", async () => {
    const path = tempGraph({
      schemaVersion: 1,
      name: "unpriced",
      rootAgentId: "main",
      agents: [
        {
          id: "main",
          name: "Main",
          modelChain: [
            {
              provider: "scripted",
              model: "gpt-4o",
              retries: 1,
              script: { turns: [], whenExhausted: { kind: "error", status: 503, message: "down" } },
            },
            { provider: "scripted", model: "my-local-llama", script: { turns: [{ kind: "text", text: "hi" }] } },
          ],
        },
      ],
    });
    const { code, stdout } = await cli([path, "--input", "hi", "--pretty", "--instant"]);
    expect(code).toBe(0);
    expect(stdout).toContain("✗ model scripted/gpt-4o (simulated) #0 try 2");
    expect(stdout).toMatch(/■ run completed · 3 model calls \(1 step\) · \d+ in \/ \d+ out · \$0 \+ 1 unpriced call/);
    expect(stdout).toMatch(/^ {4}main completed · 3 model calls \(1 step\)/m);
  });

  it("exits 1 on a failed run", async () => {
    const path = tempGraph({
      schemaVersion: 1,
      name: "broken",
      rootAgentId: "main",
      agents: [
        { id: "main", name: "Main", modelChain: scripted([{ kind: "error", status: 400, message: "bad request" }]) },
      ],
    });
    const { code, stdout } = await cli([path, "--input", "hi"]);
    expect(code).toBe(EXIT.failed);
    expect(parseEventLines(stdout).at(-1)).toMatchObject({ type: "RUN_END", status: "failed" });
  });

  it("exits 2 when a budget runs out and 130 when cancelled", async () => {
    const loop = { kind: "tool_calls", calls: [{ tool: "calculator", args: { expression: "1+1" } }], latencyMs: 1000 };
    const path = tempGraph({
      schemaVersion: 1,
      name: "loop",
      rootAgentId: "main",
      settings: { budgets: { maxSteps: 2 } },
      agents: [
        {
          id: "main",
          name: "Main",
          tools: ["calculator"],
          modelChain: [{ provider: "scripted", model: "m", script: { turns: [], whenExhausted: loop } }],
        },
      ],
    });
    expect((await cli([path, "--input", "hi", "--instant"])).code).toBe(EXIT.budget_exceeded);
    const cancelled = await cli([path, "--input", "hi", "--instant", "--cancel-after", "1.5"]);
    expect(cancelled.code).toBe(EXIT.cancelled);
    expect(parseEventLines(cancelled.stdout).at(-1)).toMatchObject({ status: "cancelled" });
  });

  it("reports compile errors and bad usage", async () => {
    const invalid = await cli([
      tempGraph({ schemaVersion: 1, name: "x", rootAgentId: "nope", agents: [] }),
      "--input",
      "hi",
    ]);
    expect(invalid.code).toBe(EXIT.invalidGraph);
    expect(invalid.stderr).toContain("does not compile");
    expect((await cli(["examples/research-team.json"])).code).toBe(EXIT.usage);
    expect((await cli([])).stderr).toContain("missing <graph.json>");
    expect((await cli(["missing.json", "--input", "x"])).code).toBe(EXIT.invalidGraph);
    expect((await cli(["examples/research-team.json", "--input", "x", "--default-model", "gpt"])).code).toBe(
      EXIT.usage,
    );
  });
});
