import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installNeeded, lockHash } from "./peer-install";

function benchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-peers-"));
  writeFileSync(join(dir, "package.json"), '{"dependencies":{"a":"1.0.0"}}');
  writeFileSync(join(dir, "package-lock.json"), '{"lockfileVersion":3}');
  return dir;
}

describe("installNeeded", () => {
  it("asks for an install when node_modules is missing, was not made by the bench, or the lockfile changed", () => {
    const dir = benchDir();
    expect(installNeeded(dir)).toMatch(/node_modules is missing/);
    mkdirSync(join(dir, "node_modules"));
    expect(installNeeded(dir)).toMatch(/not installed by the bench/);
    writeFileSync(join(dir, "node_modules", ".bench-lock.sha256"), `${lockHash(dir)}\n`);
    expect(installNeeded(dir)).toBeNull();
    writeFileSync(join(dir, "package-lock.json"), '{"lockfileVersion":3,"packages":{}}');
    expect(installNeeded(dir)).toMatch(/package-lock\.json changed/);
  });
});
