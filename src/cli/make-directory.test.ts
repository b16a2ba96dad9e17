import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { makeDirectory } from "./make-directory";

describe("makeDirectory", () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("creates missing parents and accepts a directory that exists", async () => {
    root = await mkdtemp(join(tmpdir(), "ags-mkdir-"));
    const dir = join(root, "a", "b", "c");
    await makeDirectory(dir);
    await makeDirectory(dir);
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  it("fails with the system's error where a file is in the way", async () => {
    root = await mkdtemp(join(tmpdir(), "ags-mkdir-"));
    await writeFile(join(root, "file"), "x");
    await expect(makeDirectory(join(root, "file", "sub"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it.runIf(process.platform === "linux")("fails instead of hanging under /proc", async () => {
    await expect(makeDirectory("/proc/ags-no-such-dir/specs")).rejects.toMatchObject({ code: "ENOENT" });
  });
});
