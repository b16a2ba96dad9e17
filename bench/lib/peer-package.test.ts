/**
 * The bench bundle runs from bench/node_modules/.cache, so a bare import of our
 * code resolves to bench/node_modules first when the peers brought the same
 * package. Such a package must be the very version the product installs, or the
 * bench would measure our code on different dependencies than it ships with.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Lock = { packages: Record<string, { version?: string }> };
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Package names our runtime code imports (bare specifiers, not node: built-ins or the @/ alias). */
function importedPackages(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles("src/core")) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)) {
      if (spec.startsWith("node:") || spec.startsWith("@/")) continue;
      const parts = spec.split("/");
      names.add(spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
  }
  return names;
}

describe("bench package", () => {
  const root = readJson<Lock>("package-lock.json");
  const bench = readJson<Lock>("bench/package-lock.json");

  it("holds the peers, pinned exactly, and the product no longer does", () => {
    const pkg = readJson<{ dependencies: Record<string, string> }>("bench/package.json");
    const rootPkg = readJson<{ dependencies: Record<string, string>; devDependencies: Record<string, string> }>(
      "package.json",
    );
    for (const peer of ["@openai/agents", "@langchain/langgraph", "@langchain/core", "@mastra/core"]) {
      expect(pkg.dependencies[peer]).toMatch(/^\d+\.\d+\.\d+$/);
      expect(bench.packages[`node_modules/${peer}`]?.version).toBe(pkg.dependencies[peer]);
      expect({ ...rootPkg.dependencies, ...rootPkg.devDependencies }[peer]).toBeUndefined();
      expect(root.packages[`node_modules/${peer}`]).toBeUndefined();
    }
  });

  it("shadows none of our code's packages with another version", () => {
    const shadowed = [...importedPackages()]
      .filter((name) => bench.packages[`node_modules/${name}`])
      .map((name) => ({
        name,
        bench: bench.packages[`node_modules/${name}`].version,
        product: root.packages[`node_modules/${name}`]?.version,
      }));
    expect(shadowed.filter((p) => p.bench !== p.product)).toEqual([]);
  });
});
