import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { buildFingerprint, forgetBuild, isBuildCurrent, recordBuild } from "./build-fingerprint";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "ags-fingerprint-"));
  write("src/app/page.tsx", "export default function Page() {}");
  write("src/app/page.test.ts", "test");
  write("examples/research-team.json", "{}");
  write("package-lock.json", "{}");
  write("next.config.js", "module.exports = {}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("build fingerprint", () => {
  it("is stable for the same inputs and changes with a source, an example, the config or the lockfile", async () => {
    const first = await buildFingerprint(root, {});
    expect(await buildFingerprint(root, {})).toBe(first);
    for (const [file, text] of [
      ["src/app/page.tsx", "export default function Page() { return null; }"],
      ["examples/research-team.json", '{"name":"x"}'],
      ["next.config.js", "module.exports = { poweredByHeader: false }"],
      ["package-lock.json", '{"v":2}'],
      ["src/app/new-route.tsx", "export {}"],
    ] as const) {
      const before = await buildFingerprint(root, {});
      write(file, text);
      expect(await buildFingerprint(root, {}), file).not.toBe(before);
    }
  });

  it("ignores tests, and the environment except what a build inlines", async () => {
    const first = await buildFingerprint(root, { PORT: "3000", DATABASE_URL: "postgres://a" });
    write("src/app/page.test.ts", "a changed test");
    expect(await buildFingerprint(root, { PORT: "3100", AGS_SECRET_KEY: "k" })).toBe(first);
    expect(await buildFingerprint(root, { NEXT_PUBLIC_BRAND: "x" })).not.toBe(first);
    expect(await buildFingerprint(root, { NODE_ENV: "test" })).not.toBe(first);
  });

  it("counts a build as current only when .next/ has a BUILD_ID and the recorded fingerprint matches", async () => {
    const fingerprint = await buildFingerprint(root, {});
    expect(await isBuildCurrent(root, fingerprint)).toBe(false); // no build at all
    write(".next/BUILD_ID", "abc");
    expect(await isBuildCurrent(root, fingerprint)).toBe(false); // a build nobody recorded
    await recordBuild(root, fingerprint);
    expect(await isBuildCurrent(root, fingerprint)).toBe(true);
    write("src/app/page.tsx", "changed");
    expect(await isBuildCurrent(root, await buildFingerprint(root, {}))).toBe(false);
    // A build that starts forgets the record, so one that fails half-way is never served as current.
    await forgetBuild(root);
    expect(await isBuildCurrent(root, fingerprint)).toBe(false);
  });
});
