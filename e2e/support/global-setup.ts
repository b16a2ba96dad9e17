import { mkdirSync } from "node:fs";
import path from "node:path";

import { request, type FullConfig } from "@playwright/test";

import { E2E_OWNER, ownerStorageStatePath } from "./e2e-owner";

/**
 * Runs once, after the web server is up: signs the owner up through the
 * real /api/auth route (the first account, so the owner of the Default
 * workspace) and saves the session cookie where `use.storageState` reads it.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post("/api/auth/sign-up/email", {
      data: E2E_OWNER,
      headers: { origin: baseURL },
    });
    if (!response.ok()) {
      throw new Error(`Signing up the e2e owner failed: HTTP ${response.status()} ${await response.text()}`);
    }
    const file = ownerStorageStatePath();
    mkdirSync(path.dirname(file), { recursive: true });
    await context.storageState({ path: file });
  } finally {
    await context.dispose();
  }
}
