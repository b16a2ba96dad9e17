import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderOurFunctions, sourceMapResolver, summarizeProfile, type CpuProfile } from "./profile-summary";

const frame = (functionName: string, url: string, lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

describe("summarizeProfile", () => {
  const root = "/repo";
  // (root) → runGraph (src) → step (src) → add (bench) ; (root) → (garbage collector)
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame("(root)", ""), children: [2, 5] },
      { id: 2, callFrame: frame("runGraph", "file:///repo/src/core/runtime/run-graph.ts", 9), children: [3] },
      { id: 3, callFrame: frame("step", "file:///repo/src/core/runtime/step.ts", 19), children: [4] },
      { id: 4, callFrame: frame("add", "file:///repo/bench/lib/scripts.ts", 4) },
      { id: 5, callFrame: frame("(garbage collector)", "") },
    ],
    samples: [2, 3, 3, 4, 5],
    timeDeltas: [100, 200, 200, 400, 100],
  };

  it("gives our functions (src/) self and total time, and GC as its own line", () => {
    const s = summarizeProfile(profile, sourceMapResolver(root));
    expect(s.totalUs).toBe(1000);
    expect(s.ours).toEqual([
      { key: "step  src/core/runtime/step.ts:20", selfUs: 400, totalUs: 800 },
      { key: "runGraph  src/core/runtime/run-graph.ts:10", selfUs: 100, totalUs: 900 },
    ]);
    expect(s.oursTotalUs).toBe(900);
    expect(s.byFile.find((r) => r.key === "bench/lib/scripts.ts")?.us).toBe(400);
    expect(s.byFile.find((r) => r.key === "(garbage collector)")?.us).toBe(100);
    expect(renderOurFunctions(s)).toMatch(
      /step {2}src\/core\/runtime\/step\.ts:20 +0\.4 ms +40\.0 % +0\.8 ms +80\.0 %/,
    );
  });

  it("maps bundle frames back to src/ through the bundle's source map", () => {
    const dir = mkdtempSync(join(tmpdir(), "profile-summary-"));
    const bundle = join(dir, "bench/node_modules/.cache/agent-graph-bench/chunk.mjs");
    mkdirSync(join(dir, "bench/node_modules/.cache/agent-graph-bench"), { recursive: true });
    writeFileSync(bundle, "function runGraph(){}\n");
    // One mapping, "AAyCA": generated line 0, column 0 → source 0, line 41 (0-based), column 0.
    writeFileSync(
      `${bundle}.map`,
      JSON.stringify({
        version: 3,
        sources: ["../../../../src/core/runtime/run-graph.ts"],
        names: [],
        mappings: "AAyCA",
      }),
    );
    const resolve = sourceMapResolver(dir);
    expect(resolve(frame("runGraph", `file://${bundle}`, 0, 0))).toEqual({
      name: "runGraph",
      file: "src/core/runtime/run-graph.ts",
      line: 42,
      ours: true,
    });
    // A peer's file stays a package.
    expect(resolve(frame("run", `file://${dir}/bench/node_modules/@openai/agents-core/dist/run.mjs`)).file).toBe(
      "@openai/agents-core",
    );
  });
});
