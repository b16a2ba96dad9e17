import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

import { e2eDataDir } from "./e2e/support/e2e-data-dir";
import { e2eSecretKey, ownerStorageStatePath } from "./e2e/support/e2e-owner";

/**
 * End-to-end tests against the real product: `scripts/start.ts` with its own
 * embedded PostgreSQL in a throwaway data directory, a production build and
 * `next start`, driven by Chromium. The global setup signs up the owner of
 * the Default workspace; every spec runs signed in as them (`storageState`)
 * unless it asks for a fresh, signed-out context.
 */

const PORT = Number(process.env.AGS_E2E_PORT ?? 3100);
const PG_PORT = Number(process.env.AGS_E2E_PG_PORT ?? 54400);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Fresh for every run, removed when the runner exits. */
const DATA_DIR = e2eDataDir();

/** Debian's Chromium (Playwright cannot download its own browsers here). */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const useSystemChromium = existsSync(SYSTEM_CHROMIUM);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    storageState: ownerStorageStatePath(),
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // runs-api.spec.ts fills the workspace's run slots on purpose (the concurrent-run limit, a busy
      // in-process worker): it runs after every other spec, in its own project, so no spec meets a full workspace.
      testIgnore: /runs-api\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: useSystemChromium
          ? {
              executablePath: SYSTEM_CHROMIUM,
              args: [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
              ],
            }
          : {},
      },
    },
    { name: "runs-api", testMatch: /runs-api\.spec\.ts/, dependencies: ["chromium"] },
  ],
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `${BASE_URL}/api/trpc/health.ping`,
    env: {
      AGS_DATA_DIR: DATA_DIR,
      AGS_PG_PORT: String(PG_PORT),
      PORT: String(PORT),
      // A test run must never reach a developer's own database.
      DATABASE_URL: "",
      // Known to the runner, so a second web process a spec starts accepts the owner's session too.
      AGS_SECRET_KEY: e2eSecretKey(),
      // Specs sign up and sign in from one address (127.0.0.1); the default of 5 a minute is tested in
      // src/server/auth/auth.int.test.ts.
      AGS_SIGN_IN_LIMIT: "100",
    },
    // First run includes `next build`; allow for slow CI machines.
    timeout: 300_000,
    reuseExistingServer: false,
    // start.ts stops Next and PostgreSQL cleanly on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
