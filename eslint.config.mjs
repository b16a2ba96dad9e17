// @ts-check
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/**
 * Packages the core must never import: it is pure TypeScript that runs the
 * same in a unit test, the CLI, a worker and a benchmark (SPEC §2). Regexes
 * rather than gitignore-style globs, so "react" does not also catch
 * "@/trpc/react" or a local "./prisma" file.
 */
const CORE_FORBIDDEN_PACKAGES =
  "^(react|react-dom|next|prisma|pg|pg-boss|graphile-worker|ai)(/.*)?$|^@(trpc|prisma|ai-sdk|tanstack|xyflow)/";

/** App layers the core must not reach into, by alias. */
const CORE_FORBIDDEN_ALIASES = "^@/(server|app|features|trpc|generated|cli)(/.*)?$";

/** Data access stays behind tRPC: UI code never talks to the database. */
const FEATURES_FORBIDDEN_ALIASES = "^@/server/(db|repositories)(/.*)?$";

export default defineConfig([
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "src/generated/**",
    ".data/**",
    "bench/results/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    name: "project/typescript",
    files: ["**/*.ts", "**/*.tsx"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    name: "project/core-boundaries",
    files: ["src/core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: CORE_FORBIDDEN_PACKAGES,
              message: "src/core is framework-free: take side effects through a port instead (SPEC §2).",
            },
            {
              regex: CORE_FORBIDDEN_ALIASES,
              message: "src/core must not import the app shell (server, app, features, trpc, generated).",
            },
          ],
        },
      ],
      // The same boundary for relative paths, which the alias patterns above
      // cannot see (e.g. "../../server/db/client").
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/core",
              from: ["./src/server", "./src/app", "./src/features", "./src/trpc", "./src/generated", "./src/cli"],
              message: "src/core must not import the app shell.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "project/features-boundaries",
    files: ["src/features/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: FEATURES_FORBIDDEN_ALIASES,
              message: "Features reach data through tRPC (useTRPC), never the database layer.",
            },
          ],
        },
      ],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/features",
              from: ["./src/server/db", "./src/server/repositories"],
              message: "Features reach data through tRPC (useTRPC), never the database layer.",
            },
          ],
        },
      ],
    },
  },
]);
