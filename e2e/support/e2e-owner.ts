import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { e2eDataDir } from "./e2e-data-dir";

/**
 * The owner of the e2e install's Default workspace: the global setup signs
 * them up first (so they own it, with the example graphs) and saves their
 * session for every spec (`use.storageState` in playwright.config.ts).
 */
export const E2E_OWNER = { name: "E2E Owner", email: "owner@e2e.test", password: "e2e owner password" } as const;

/** The owner's signed-in browser state (cookies), inside this run's data directory. */
export function ownerStorageStatePath(): string {
  return path.join(e2eDataDir(), "owner-storage-state.json");
}

/** `Cookie` header value of the owner's session, for raw HTTP clients (fetch, SSE readers) in specs. */
export function ownerCookieHeader(): string {
  const state = JSON.parse(readFileSync(ownerStorageStatePath(), "utf8")) as {
    cookies: { name: string; value: string }[];
  };
  return state.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

const SECRET_ENV = "AGS_SECRET_KEY";

/**
 * The install's secret key for this run, shared through the environment like
 * the data directory (the runner creates it, workers inherit it): every web
 * process a spec starts on the e2e database then accepts the owner's session.
 */
export function e2eSecretKey(): string {
  process.env[SECRET_ENV] ||= randomBytes(32).toString("base64");
  return process.env[SECRET_ENV];
}
