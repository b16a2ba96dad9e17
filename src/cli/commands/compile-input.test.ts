import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "@/core/compiler";
import { compileCommand } from "./compile";
import { formatDiagnostic } from "./compile-format";
import { readGraphSource } from "./compile-input";
import { exportMdCommand } from "./export-md";

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "ags-compile-input-"));
  tempDirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

async function cli(command: typeof compileCommand, argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await command(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const MAIN = "---\ndescription: Answers the user.\n---\nYou are the main agent.\n";

describe("reading a graph source", () => {
  it("reports a missing path and a folder without specs as unreadable_input", async () => {
    const missing = await readGraphSource(join(tempDir(), "nope.json"));
    expect(missing).toMatchObject({ ok: false, diagnostics: [{ code: "unreadable_input", severity: "error" }] });
    expect(missing.diagnostics[0].message).toContain("no such file or directory");
    const empty = await readGraphSource(tempDir({ "notes.txt": "hello" }));
    expect(empty.diagnostics[0]).toMatchObject({ code: "unreadable_input" });
    expect(empty.diagnostics[0].message).toContain("has no Markdown specs");
  });

  it("turns Markdown import errors and dropped fields into diagnostics naming the file and agent", async () => {
    const dir = tempDir({
      "main.md": MAIN,
      "reviewer.md": "---\ndescription: Reviews.\ncolor: red\nsteps: many\n---\nReview.\n",
    });
    const source = await readGraphSource(dir);
    expect(source.ok).toBe(false);
    const codes = source.diagnostics.map((d) => [d.code, d.nodeIds]);
    expect(codes).toEqual([
      ["markdown_field_ignored", ["reviewer"]],
      ["markdown_spec_invalid", ["reviewer"]],
    ]);
    expect(source.diagnostics[1].message).toBe(
      'reviewer.md, field "steps": Invalid input: expected number, received string',
    );
  });

  it("keeps warnings of a folder that imports, and compiles it", async () => {
    const dir = tempDir({
      "main.md": MAIN,
      "reviewer.md": "---\ndescription: Reviews code.\ncolor: red\nmodel: scripted:m\n---\nReview.\n",
      "README.txt": "ignored",
    });
    const { code, stdout, stderr } = await cli(compileCommand, [dir]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^warning markdown_field_ignored \[nodes reviewer\]: reviewer\.md, field "color"/m);
    expect(JSON.parse(stdout)).toMatchObject({ rootAgentId: "main", agents: { reviewer: { role: "leaf" } } });
  });
});

describe("compile --json", () => {
  it("gives the same hash and definition as compile() for a valid document", async () => {
    const { code, stdout, stderr } = await cli(compileCommand, ["examples/research-team.json", "--json"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const expected = compile(readFileSync("examples/research-team.json", "utf8"));
    expect(JSON.parse(stdout)).toEqual({
      ok: true,
      hash: expected.hash,
      diagnostics: expected.diagnostics,
      definition: expected.definition,
    });
  });

  it("prints Markdown import errors as diagnostics too", async () => {
    const dir = tempDir({ "main.md": MAIN, "helper.md": "---\nname: Helper\n---\nHelp.\n" });
    const { code, stdout } = await cli(compileCommand, [dir, "--json"]);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as { ok: boolean; diagnostics: { code: string; message: string }[] };
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0].code).toBe("markdown_spec_invalid");
    expect(result.diagnostics[0].message).toMatch(/^helper\.md, field "description": required/);
  });

  it("never throws on hostile input: huge, deeply nested, not an object", async () => {
    const huge = tempDir({
      "g.json": JSON.stringify({
        schemaVersion: 1,
        name: "x",
        rootAgentId: "a",
        agents: [{ id: "a", name: "A", instructions: "x".repeat(6 * 1024 * 1024) }],
      }),
    });
    const deep = tempDir({ "g.json": `${"[".repeat(100_000)}${"]".repeat(100_000)}` });
    const scalar = tempDir({ "g.json": "42" });
    for (const [dir, code] of [
      [huge, "document_too_large"],
      [deep, "document_too_deep"],
      [scalar, "invalid_document"],
    ]) {
      const result = await cli(compileCommand, [join(dir, "g.json"), "--json"]);
      expect(result.code).toBe(1);
      expect(
        (JSON.parse(result.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code),
      ).toContain(code);
    }
  });
});

describe("diagnostic lines", () => {
  it("show severity, code, nodes and edges, then the message", () => {
    expect(
      formatDiagnostic({
        code: "cycle",
        severity: "error",
        message: "a → b → a",
        nodeIds: ["a", "b"],
        edgeIds: ["a-b", "b-a"],
      }),
    ).toBe("error cycle [nodes a,b edges a-b,b-a]: a → b → a");
    expect(
      formatDiagnostic({ code: "missing_root", severity: "error", message: "no agents", nodeIds: [], edgeIds: [] }),
    ).toBe("error missing_root: no agents");
  });
});

describe("export-md", () => {
  it("writes nothing when any target exists, unless --force", async () => {
    const dir = tempDir({ "critic.md": "mine" });
    const refused = await cli(exportMdCommand, ["examples/research-team.json", dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already has critic.md; use --force");
    expect(existsSync(join(dir, "lead.md"))).toBe(false);
    expect(readFileSync(join(dir, "critic.md"), "utf8")).toBe("mine");
    const forced = await cli(exportMdCommand, ["examples/research-team.json", dir, "--force"]);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, "critic.md"), "utf8")).toMatch(/^---\n/);
  });
});
