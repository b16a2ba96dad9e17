import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileCommand } from "./compile";
import { exportMdCommand } from "./export-md";
import { importMdCommand } from "./import-md";

type Command = (argv: string[], io: { stdout: (t: string) => void; stderr: (t: string) => void }) => Promise<number>;

async function cli(command: Command, argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await command(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ags-compile-"));
  tempDirs.push(dir);
  return dir;
}

function tempFile(name: string, content: string): string {
  const dir = tempDir();
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("graph compile", () => {
  for (const example of ["research-team", "support-triage", "reviewer-session"]) {
    it(`prints the definition of examples/${example}.json and exits 0`, async () => {
      const { code, stdout } = await cli(compileCommand, [`examples/${example}.json`]);
      expect(code).toBe(0);
      const definition = JSON.parse(stdout) as { definitionVersion: number; rootAgentId: string };
      expect(definition.definitionVersion).toBeTypeOf("number");
      expect(definition.rootAgentId).toBeTypeOf("string");
    });
  }

  it("explains the broken example (cycle, unknown agent, empty description) and exits 1", async () => {
    const { code, stdout, stderr } = await cli(compileCommand, ["examples/broken/cycle.json"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^error cycle \[nodes writer,editor edges writer-editor,editor-writer\]: .*writer → editor → writer/m,
    );
    expect(stderr).toMatch(/^error edge_unknown_agent \[edges planner-translator\]: .*"translator"/m);
    expect(stderr).toMatch(/^error empty_child_description \[nodes writer edges planner-writer\]/m);
    expect(stderr).toMatch(/does not compile \(3 errors/);
  });

  it("prints one JSON object with --json", async () => {
    const json = await cli(compileCommand, ["examples/broken/cycle.json", "--json"]);
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout) as { ok: boolean; definition: unknown; diagnostics: { code: string }[] };
    expect(result.ok).toBe(false);
    expect(result.definition).toBeNull();
    expect(result.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["cycle", "edge_unknown_agent", "empty_child_description"]),
    );
  });

  it("names the JSON path of wrong types and unknown fields, and the line of bad JSON", async () => {
    const wrongType = tempFile(
      "g.json",
      JSON.stringify({
        schemaVersion: 1,
        name: "x",
        rootAgentId: "a",
        agents: [{ id: "a", name: "A", maxSteps: "ten", colour: "red" }],
      }),
    );
    const { code, stderr } = await cli(compileCommand, [wrongType]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/schema_invalid.*agents\.0\.maxSteps: .*expected number/);
    expect(stderr).toMatch(/schema_invalid.*colour/);
    const badJson = await cli(compileCommand, [tempFile("bad.json", '{\n  "schemaVersion": 1,\n  "name": \n}')]);
    expect(badJson.code).toBe(1);
    expect(badJson.stderr).toMatch(/invalid_json.*line 4/);
  });

  it("compiles a folder of Markdown specs and reports a malformed one by file and field", async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "main.md"),
      "---\ndescription: Answers the user and delegates reviews.\nmode: primary\n---\nYou are the main agent.\n",
    );
    writeFileSync(
      join(dir, "reviewer.md"),
      "---\ndescription: Reviews code for bugs.\ntools: Read, Grep\n---\nReview the code.\n",
    );
    const ok = await cli(compileCommand, [dir]);
    expect(ok.stderr).not.toMatch(/^error/m);
    expect(ok.code).toBe(0);
    expect(Object.keys((JSON.parse(ok.stdout) as { agents: Record<string, unknown> }).agents).sort()).toEqual([
      "main",
      "reviewer",
    ]);

    writeFileSync(join(dir, "reviewer.md"), "---\ndescription: Reviews code.\nsteps: many\n---\nReview.\n");
    const bad = await cli(compileCommand, [dir]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error markdown_spec_invalid \[nodes reviewer\]: reviewer\.md.*field "steps"/m);

    writeFileSync(join(dir, "reviewer.md"), "---\ndescription: Reviews code.\ncolor: blue\n---\nReview.\n");
    const ignored = await cli(compileCommand, [dir]);
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).toMatch(/^warning markdown_field_ignored \[nodes reviewer\]: reviewer\.md, field "color"/m);
  });

  it("reports usage errors and missing files", async () => {
    expect((await cli(compileCommand, [])).code).toBe(64);
    expect((await cli(compileCommand, ["a.json", "--frobnicate"])).code).toBe(64);
    const missing = await cli(compileCommand, ["no-such-file.json"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^error unreadable_input: cannot read no-such-file\.json: no such file or directory/m,
    );
    expect((await cli(compileCommand, ["--help"])).stdout).toContain("Usage: npm run graph -- compile");
  });
});

describe("graph export-md / import-md", () => {
  it("round-trips a graph through Markdown specs", async () => {
    const dir = tempDir();
    const source = tempFile(
      "g.json",
      JSON.stringify({
        schemaVersion: 1,
        name: "Reviewers",
        rootAgentId: "main",
        agents: [
          { id: "main", name: "Main", description: "The main agent.", instructions: "Delegate reviews." },
          { id: "reviewer", name: "Reviewer", description: "Reviews code for bugs.", instructions: "Review the diff." },
        ],
        handoffs: [{ id: "main-reviewer", from: "main", to: "reviewer" }],
      }),
    );
    const exported = await cli(exportMdCommand, [source, dir]);
    expect(exported.stderr).toContain("wrote 2 specs");
    expect(exported.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["main.md", "reviewer.md"]);

    const out = join(dir, "graph.json");
    const imported = await cli(importMdCommand, [dir, "--out", out]);
    expect(imported.code).toBe(0);
    const document = JSON.parse(readFileSync(out, "utf8")) as {
      rootAgentId: string;
      agents: { id: string; description: string }[];
    };
    expect(document.rootAgentId).toBe("main");
    expect(document.agents.find((a) => a.id === "reviewer")?.description).toBe("Reviews code for bugs.");
    expect((await cli(compileCommand, [out])).code).toBe(0);
  });

  it("refuses graphs that have no Markdown form, and bad usage", async () => {
    const dir = tempDir();
    const broken = await cli(exportMdCommand, ["examples/broken/cycle.json", dir]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^error: /);
    expect((await cli(exportMdCommand, ["only-one-arg.json"])).code).toBe(64);
    expect((await cli(importMdCommand, [])).code).toBe(64);
    expect((await cli(importMdCommand, [tempDir()])).stderr).toContain("has no Markdown specs");
  });
});
