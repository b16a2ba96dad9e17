import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import {
  createSecretBox,
  getSecretBox,
  parseSecretKey,
  resolveSecretKey,
  SecretDecryptError,
  SecretKeyError,
} from "./secret-box";

const key = Buffer.alloc(32, 7);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("SecretBox", () => {
  it("round-trips and never stores the plaintext", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("sk-live-abcdef123456", "provider:w1:p1");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("sk-live");
    expect(box.open(sealed, "provider:w1:p1")).toBe("sk-live-abcdef123456");
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses another context, another key and an altered value", () => {
    const sealed = createSecretBox(key).seal("secret", "provider:w1:p1");
    expect(() => createSecretBox(key).open(sealed, "provider:w2:p1")).toThrow(SecretDecryptError);
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, "provider:w1:p1")).toThrow(/another AGS_SECRET_KEY/);
    const parts = sealed.split(":");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => createSecretBox(key).open(parts.join(":"), "provider:w1:p1")).toThrow(SecretDecryptError);
  });

  it("reads keys as base64 or hex and names a wrong length", () => {
    expect(parseSecretKey(key.toString("base64"), "X")).toEqual(key);
    expect(parseSecretKey(key.toString("hex"), "X")).toEqual(key);
    expect(() => parseSecretKey("short", "AGS_SECRET_KEY")).toThrow(/AGS_SECRET_KEY must be 32 random bytes/);
  });

  it("generates a key file with owner-only permissions once, then reuses it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ags-secret-"));
    dirs.push(dataDir);
    const first = resolveSecretKey({ env: {}, dataDir });
    expect(first.source).toBe("generated");
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file!, "utf8").trim()).toBe(first.key);
    const second = resolveSecretKey({ env: {}, dataDir });
    expect(second).toMatchObject({ source: "file", key: first.key });
    expect(resolveSecretKey({ env: { AGS_SECRET_KEY: key.toString("hex") }, dataDir })).toEqual({
      key: key.toString("base64"),
      source: "env",
    });
  });

  it("creates a missing data folder that PostgreSQL's own user can still enter (the key file stays owner-only)", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ags-secret-"));
    dirs.push(root);
    const dataDir = path.join(root, "fresh", ".data");
    const generated = resolveSecretKey({ env: {}, dataDir });
    expect(statSync(dataDir).mode & 0o011).toBe(0o011); // group and others may enter, not write
    expect(statSync(dataDir).mode & 0o022).toBe(0);
    expect(statSync(generated.file!).mode & 0o777).toBe(0o600);
  });

  it("says what to set when the key is missing", () => {
    expect(() => getSecretBox({})).toThrow(SecretKeyError);
    expect(() => getSecretBox({})).toThrow(/AGS_SECRET_KEY is not set/);
    expect(
      getSecretBox({ AGS_SECRET_KEY: key.toString("base64") }).open(createSecretBox(key).seal("x", "c"), "c"),
    ).toBe("x");
  });
});
