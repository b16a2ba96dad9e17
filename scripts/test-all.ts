/**
 * `npm test`: every check the project has, in order, stopping at the first
 * failure, with a summary of what ran and how long each step took.
 *
 *   npm test                  all steps
 *   npm test -- lint unit     only the named steps (still in order)
 */
import { spawn } from "node:child_process";
import path from "node:path";

interface Step {
  /** Short name, also what `npm test -- <name>` selects. */
  name: string;
  title: string;
  command: string;
  args: string[];
}

const bin = (name: string) => path.join("node_modules", ".bin", name);

const STEPS: Step[] = [
  { name: "generate", title: "Prisma client", command: "npm", args: ["run", "--silent", "db:generate"] },
  { name: "typecheck", title: "TypeScript", command: bin("tsc"), args: ["--noEmit"] },
  { name: "format", title: "Prettier", command: bin("prettier"), args: ["--check", ".", "--log-level", "warn"] },
  { name: "lint", title: "ESLint", command: bin("eslint"), args: ["."] },
  {
    name: "unit",
    title: "Unit tests",
    command: bin("vitest"),
    args: ["run", "--project", "unit", "--passWithNoTests"],
  },
  {
    name: "integration",
    title: "Integration tests",
    command: bin("vitest"),
    args: ["run", "--project", "integration", "--passWithNoTests"],
  },
  { name: "e2e", title: "End-to-end tests", command: bin("playwright"), args: ["test"] },
];

type Outcome = { step: Step; status: "passed" | "failed" | "skipped"; millis: number; code?: number };

/** Runs one command with the terminal attached; resolves to its exit code. */
function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: "inherit", env: process.env });
    child.on("error", (error) => {
      console.error(`Could not start ${step.command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function formatMillis(millis: number): string {
  if (millis < 1_000) return `${millis} ms`;
  const seconds = millis / 1_000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function printSummary(outcomes: Outcome[], totalMillis: number): void {
  const icon = { passed: "✔", failed: "✘", skipped: "–" } as const;
  const width = Math.max(...outcomes.map((o) => o.step.title.length));
  console.log("\nSummary");
  for (const { step, status, millis, code } of outcomes) {
    const detail =
      status === "skipped" ? "skipped" : `${status} in ${formatMillis(millis)}${code ? ` (exit ${code})` : ""}`;
    console.log(`  ${icon[status]} ${step.title.padEnd(width)}  ${detail}`);
  }
  console.log(`  total ${formatMillis(totalMillis)}`);
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !STEPS.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${STEPS.map((s) => s.name).join(", ")}`);
    return 2;
  }
  const steps = wanted.length > 0 ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

  const outcomes: Outcome[] = [];
  const started = Date.now();
  let failed = false;
  for (const step of steps) {
    if (failed) {
      outcomes.push({ step, status: "skipped", millis: 0 });
      continue;
    }
    console.log(`\n▶ ${step.title}: ${[step.command, ...step.args].join(" ")}`);
    const stepStarted = Date.now();
    const code = await run(step);
    const millis = Date.now() - stepStarted;
    outcomes.push({ step, status: code === 0 ? "passed" : "failed", millis, code });
    failed = code !== 0;
  }

  printSummary(outcomes, Date.now() - started);
  const failure = outcomes.find((o) => o.status === "failed");
  if (failure) {
    console.error(`\n${failure.step.title} failed; later steps were not run.`);
    return failure.code ?? 1;
  }
  return 0;
}

// Ctrl-C reaches the running step too (same process group): let it clean up
// (Playwright stops its server) and report, instead of dying first.
process.on("SIGINT", () => {});

main().then((code) => process.exit(code));
