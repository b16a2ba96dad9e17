/**
 * The layer rules of eslint.config.mjs, proved rule by rule: each probe is a
 * small source linted at a virtual path (nothing is written to disk) and must
 * draw its rule's message; clean probes must draw nothing. Removing or
 * weakening a rule in the config fails a test here, so `npm test` keeps the
 * boundaries honest. README "Project layout" states the rules.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** `rule: message` of every problem ESLint reports for `code` at `filePath` (relative to the repository). */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

/** One named import of `specifier`, used so no unrelated rule (unused vars) speaks. */
const importing = (specifier: string) => `import * as probe from "${specifier}";\nexport const used = probe;\n`;

const BUILTIN = "no-restricted-imports: .*src/core imports no Node built-ins";
const FOREIGN = "no-restricted-imports: .*src/core imports only pure packages";
const SHELL = "import/no-restricted-paths: .*src/core never imports the app shell";
const CYCLE = "import/no-cycle: Dependency cycle";
const GRAPH_COMPILER = "import/no-restricted-paths: .*src/core/graph sits below the compiler";
const MODELS_RUNTIME = "import/no-restricted-paths: .*src/core/models sits below the runtime";
const TESTING = "no-restricted-imports: .*Production code never imports testing/ helpers";
const FEATURES = "import/no-restricted-paths: .*Features do not import each other";
const SERVER = "import/no-restricted-paths: .*Features never import the server";
const ROUTER_VALUE = "@typescript-eslint/no-restricted-imports: .*only the router's type may be imported";

/** Asserts that linting gives exactly one problem per expected pattern, in order. */
async function expectProblems(filePath: string, code: string, expected: string[]): Promise<void> {
  const problems = await lint(filePath, code);
  expect(problems, `${filePath}:\n${code}`).toHaveLength(expected.length);
  expected.forEach((pattern, i) => expect(problems[i]).toMatch(new RegExp(pattern)));
}

describe("lint boundaries (eslint.config.mjs)", { timeout: 120_000 }, () => {
  it("src/core imports no Node built-in, with or without node:", async () => {
    for (const specifier of ["node:fs", "fs", "fs/promises", "node:path", "crypto", "child_process"]) {
      await expectProblems("src/core/compiler/probe.ts", importing(specifier), [BUILTIN]);
    }
  });

  it("src/core imports no framework, database or model SDK (only zod, yaml, re2js)", async () => {
    for (const specifier of ["react", "next/server", "@prisma/client", "pg", "ai", "@ai-sdk/openai", "@trpc/server"]) {
      await expectProblems("src/core/runtime/probe.ts", importing(specifier), [FOREIGN]);
    }
    for (const specifier of ["zod", "yaml", "re2js"]) {
      await expectProblems("src/core/runtime/probe.ts", importing(specifier), []);
    }
    // Tests of the core may use Node and test libraries, but no framework either.
    await expectProblems("src/core/runtime/probe.test.ts", importing("fast-check"), []);
    await expectProblems("src/core/runtime/probe.test.ts", importing("@prisma/client"), [
      "no-restricted-imports: .*src/core \\(tests included\\) never imports a framework",
    ]);
  });

  it("src/core imports nothing from the shell, by alias or by relative path", async () => {
    for (const specifier of [
      "@/server/models",
      "@/features/graphs/graph-list",
      "@/app/layout",
      "@/trpc/react",
      "../../server/db/client",
      "../../cli/commands/run",
    ]) {
      await expectProblems("src/core/compiler/probe.ts", importing(specifier), [SHELL]);
    }
    // Tests of the core too.
    await expectProblems("src/core/compiler/probe.test.ts", importing("@/server/models"), [SHELL]);
  });

  it("src/core has no import cycle, and the agent ↔ handoff recursion is allowed only where it is marked", async () => {
    // backoff.ts as if it imported the chain that imports it.
    await expectProblems("src/core/models/backoff.ts", `export { generateWithFallback } from "./fallback-chain";\n`, [
      CYCLE,
    ]);
    const childJob = path.join(ROOT, "src/core/runtime/handoff/child-job.ts");
    const [asIs] = await eslint.lintFiles([childJob]);
    expect(asIs.messages).toEqual([]);
    const unmarked = readFileSync(childJob, "utf8").replace(/^\/\/ eslint-disable-next-line import\/no-cycle.*\n/m, "");
    expect(await lint("src/core/runtime/handoff/child-job.ts", unmarked)).toEqual([expect.stringMatching(CYCLE)]);
  });

  it("src/core/graph does not import the compiler", async () => {
    for (const specifier of ["../compiler", "@/core/compiler/compile", "../compiler/definition"]) {
      await expectProblems("src/core/graph/probe.ts", importing(specifier), [GRAPH_COMPILER]);
    }
    await expectProblems("src/core/graph/probe.ts", importing("../diagnostics/diagnostics"), []);
  });

  it("src/core/models does not import the runtime", async () => {
    for (const specifier of ["../runtime/run-graph", "@/core/runtime"]) {
      await expectProblems("src/core/models/probe.ts", importing(specifier), [MODELS_RUNTIME]);
    }
    await expectProblems("src/core/models/probe.ts", importing("../shared/abort"), []);
  });

  it("production code never imports testing/ helpers; tests, e2e, bench and testing/ files may", async () => {
    const helper = "@/core/runtime/testing/test-ports";
    for (const file of ["src/cli/commands/probe.ts", "src/server/probe.ts", "scripts/probe.ts", "src/app/probe.ts"]) {
      await expectProblems(file, importing(helper), [TESTING]);
    }
    await expectProblems("src/core/runtime/probe.ts", importing("./testing/counter-ids"), [TESTING]);
    await expectProblems("src/server/models/probe.ts", importing("./testing/fake-openai-server"), [TESTING]);
    await expectProblems("src/features/graphs/probe.ts", importing(helper), [TESTING]);
    for (const file of [
      "src/cli/commands/probe.test.ts",
      "src/server/probe.int.test.ts",
      "src/core/runtime/testing/probe.ts",
      "e2e/probe.spec.ts",
      "bench/probe.ts",
    ]) {
      await expectProblems(file, importing(helper), []);
    }
  });

  it("features import no other feature and not the server (the tRPC router's type excepted)", async () => {
    for (const specifier of ["@/features/shell/page-header", "../shell/icons"]) {
      await expectProblems("src/features/graphs/probe.tsx", importing(specifier), [FEATURES]);
    }
    await expectProblems("src/features/shell/probe.tsx", importing("@/features/graphs/graph-list"), [FEATURES]);
    for (const specifier of ["@/server/models", "@/server/db/client", "../../server/repositories/graph-repository"]) {
      await expectProblems("src/features/graphs/probe.ts", importing(specifier), [SERVER]);
    }
    await expectProblems("src/features/graphs/probe.ts", importing("@/server/api/root"), [ROUTER_VALUE]);
    await expectProblems(
      "src/features/graphs/probe.ts",
      `import type { AppRouter } from "@/server/api/root";\nexport type Router = AppRouter;\n`,
      [],
    );
  });

  it("passes clean code in every layer", async () => {
    await expectProblems(
      "src/core/graph/probe.ts",
      `import { z } from "zod";\nimport { diagnostic } from "../diagnostics/diagnostics";\nimport { canonicalJson } from "@/core/shared/canonical-json";\nexport const probe = [z, diagnostic, canonicalJson];\n`,
      [],
    );
    await expectProblems(
      "src/core/graph/probe.test.ts",
      `import { readFileSync } from "node:fs";\nimport { compile } from "../compiler";\nexport const probe = [readFileSync, compile];\n`,
      [],
    );
    await expectProblems(
      "src/features/graphs/probe.tsx",
      `import { useTRPC } from "@/trpc/react";\nimport { formatRelativeTime } from "./format-relative-time";\nexport const probe = [useTRPC, formatRelativeTime];\n`,
      [],
    );
    await expectProblems(
      "src/cli/commands/probe.ts",
      `import { readFile } from "node:fs/promises";\nimport { createRunPorts } from "@/server/runtime/create-run-ports";\nexport const probe = [readFile, createRunPorts];\n`,
      [],
    );
  });
});
