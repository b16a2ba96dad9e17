import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real CLI process, as `npm run graph -- …` does. */
async function graphCli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(join("node_modules", ".bin", "tsx"), ["src/cli/graph.ts", ...args], {
      env: { ...process.env, AGS_DEBUG: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A folder whose only spec has a YAML "billion laughs" front matter: 10^9 values from 9 lines. */
function aliasBombDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ags-bomb-"));
  dirs.push(dir);
  const lines = ["---", "description: bomb", 'a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(",")}]`);
  }
  writeFileSync(join(dir, "main.md"), [...lines, "---", "body", ""].join("\n"));
  return dir;
}

const stackTrace = /\n\s+at |node_modules/;

describe("the graph CLI process on hostile input", () => {
  it.each([["compile"], ["import-md"]])(
    "%s reports a YAML alias bomb as markdown_spec_invalid, without a stack trace",
    async (command) => {
      const { code, stderr } = await graphCli([command, aliasBombDir()]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/error markdown_spec_invalid \[nodes main\]: main\.md: invalid YAML front matter/);
      expect(stderr).not.toMatch(stackTrace);
    },
    30_000,
  );
});
