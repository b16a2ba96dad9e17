import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modelRefSchema } from "../models/model-ref";
import { compile } from "./compile";
import { DIAGNOSTIC_CODES } from "../diagnostics/diagnostic-codes";
import { defaultHandoffToolName } from "./tool-names";

const doc = readFileSync(join(process.cwd(), "docs/graph-format.md"), "utf8");

describe("docs/graph-format.md", () => {
  it("lists every diagnostic code with its severity, and no code that does not exist", () => {
    const rows = new Map([...doc.matchAll(/^\| `([a-z_0-9]+)` \| (error|warning|info) \|/gm)].map((m) => [m[1], m[2]]));
    for (const [code, { severity }] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(
        rows.get(code),
        `docs/graph-format.md has no row "| \`${code}\` | ${severity} |" in its diagnostics table`,
      ).toBe(severity);
    }
    expect([...rows.keys()].filter((code) => !(code in DIAGNOSTIC_CODES))).toEqual([]);
  });

  it("shows tool names the compiler really derives", () => {
    const rows = [...doc.matchAll(/^\| `([^`]+)`(?: \(id `([^`]+)`\))? \| `(subagent_[a-z0-9_]+)`/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [, name, id, tool] of rows) expect(defaultHandoffToolName(name, id ?? "x"), name).toBe(tool);
  });

  it("has examples that are valid: the minimal document compiles and the scripted model entry parses", () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    const minimal = compile(blocks[0]);
    expect(minimal.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(minimal.definition?.agents.researcher.role).toBe("leaf");
    const scripted = blocks.find((b) => b.includes('"provider": "scripted"'));
    expect(modelRefSchema.safeParse(JSON.parse(scripted!)).success).toBe(true);
  });
});
