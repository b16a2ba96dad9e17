import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { authSecret } from "./auth-secret";

const KEY_A = Buffer.alloc(32, 1).toString("base64");
const KEY_B = Buffer.alloc(32, 2).toString("base64");

describe("authSecret", () => {
  it("is derived stably from AGS_SECRET_KEY, differs per key and is never the key itself", () => {
    const a = authSecret({ AGS_SECRET_KEY: KEY_A });
    expect(authSecret({ AGS_SECRET_KEY: KEY_A })).toBe(a);
    expect(authSecret({ AGS_SECRET_KEY: KEY_B })).not.toBe(a);
    expect(a).not.toBe(KEY_A);
    expect(Buffer.from(a, "base64")).toHaveLength(32);
  });

  it("uses BETTER_AUTH_SECRET when it is set", () => {
    expect(authSecret({ AGS_SECRET_KEY: KEY_A, BETTER_AUTH_SECRET: "my own secret of enough length" })).toBe(
      "my own secret of enough length",
    );
  });

  it("falls back to the data folder's secret.key (generating it once)", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "ags-auth-secret-"));
    const first = authSecret({ AGS_DATA_DIR: dataDir });
    const key = readFileSync(path.join(dataDir, "secret.key"), "utf8").trim();
    expect(authSecret({ AGS_DATA_DIR: dataDir })).toBe(first);
    expect(authSecret({ AGS_SECRET_KEY: key })).toBe(first);
  });

  it("refuses a malformed AGS_SECRET_KEY with the variable's name", () => {
    expect(() => authSecret({ AGS_SECRET_KEY: "short" })).toThrow(/AGS_SECRET_KEY must be 32 random bytes/);
  });
});
