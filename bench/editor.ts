/**
 * `npx tsx bench/editor.ts`: the editor's two figures (issue 9). Prints
 * figures only; asserts nothing about speed.
 *
 * 1. Compile per keystroke: the editor compiles the draft and runs the static
 *    analysis after every change. For generated graphs of 50 and 500 agents,
 *    each sample types one character into one agent's instructions (a new
 *    document, as the editor's immutable store makes it) and times
 *    `compile(next)` + `analyzeDocument(next)`. Median and p95 (target < 16 ms).
 * 2. `--browser`: time for the editor to show a 500-agent graph in headless
 *    Chromium. Starts the production server the way the e2e tests do
 *    (`scripts/start.ts`, a throwaway data directory and embedded PostgreSQL,
 *    ports AGS_BENCH_PORT / AGS_BENCH_PG_PORT, default 3300 / 55600; set
 *    AGS_SKIP_BUILD=1 to reuse an existing `.next/` build), imports the graph
 *    through tRPC `graphs.importJson`, then opens /graphs/<id> several times
 *    and measures from navigation start until `.react-flow__node` elements are
 *    visible (target < 2 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyzeDocument, checkDocument } from "../src/core/analysis";
import { compile } from "../src/core/compiler";
import { generateLargeGraph } from "../src/core/compiler/fixtures/large-graph";
import { graphDocumentSchema, type GraphDocument } from "../src/core/graph/schema";
import { summarize, type Summary } from "./lib/stats";

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const pair = (s: Summary) => `${fmt(s.median)} / ${fmt(s.p95)}`;

/** One keystroke: a new document whose agent `index` has one more character of instructions. */
function typeOneCharacter(doc: GraphDocument, index: number, char: string): GraphDocument {
  const agents = doc.agents.slice();
  agents[index] = { ...agents[index], instructions: agents[index].instructions + char };
  return { ...doc, agents };
}

interface KeystrokeResult {
  agents: number;
  handoffs: number;
  /** `compile(doc)`: parse + rules + definition + hash (what a version needs). */
  compile: Summary;
  /** `analyzeDocument(doc)`: the static analysis alone. */
  analysis: Summary;
  /** compile + analyzeDocument. */
  total: Summary;
  /** `checkDocument(doc)`: the editor's path — the same diagnostics and the analysis, no definition or hash. */
  check: Summary;
}

function measureKeystrokes(n: number, edits: number): KeystrokeResult {
  let doc = graphDocumentSchema.parse(generateLargeGraph(n));
  const index = Math.floor(n / 2);
  // Warm-up: let the JIT see the code paths.
  for (let i = 0; i < 30; i++) {
    doc = typeOneCharacter(doc, index, "w");
    compile(doc);
    analyzeDocument(doc);
    checkDocument(doc);
  }
  const compileMs: number[] = [];
  const analysisMs: number[] = [];
  const totalMs: number[] = [];
  const checkMs: number[] = [];
  for (let i = 0; i < edits; i++) {
    doc = typeOneCharacter(doc, index, String.fromCharCode(97 + (i % 26)));
    const t0 = performance.now();
    compile(doc);
    const t1 = performance.now();
    analyzeDocument(doc);
    const t2 = performance.now();
    compileMs.push(t1 - t0);
    analysisMs.push(t2 - t1);
    totalMs.push(t2 - t0);
    doc = typeOneCharacter(doc, index, String.fromCharCode(65 + (i % 26)));
    const t3 = performance.now();
    checkDocument(doc);
    checkMs.push(performance.now() - t3);
  }
  return {
    agents: n,
    handoffs: doc.handoffs.length,
    compile: summarize(compileMs),
    analysis: summarize(analysisMs),
    total: summarize(totalMs),
    check: summarize(checkMs),
  };
}

// ---------------------------------------------------------------------------
// The browser half

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

async function waitForHttp(url: string, timeoutMs: number, server: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

async function trpcMutation<T>(baseUrl: string, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/trpc/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: { message?: string } };
  if (!res.ok || !body.result) {
    throw new Error(`${name} answered ${res.status}: ${body.error?.message ?? JSON.stringify(body).slice(0, 300)}`);
  }
  return body.result.data;
}

async function measureBrowser(agents: number, loads: number): Promise<Summary> {
  const port = Number(process.env.AGS_BENCH_PORT ?? 3300);
  const pgPort = Number(process.env.AGS_BENCH_PG_PORT ?? 55600);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ags-bench-editor-"));
  chmodSync(dataDir, 0o711);
  console.error(`starting the production server on ${baseUrl} (data in ${dataDir})…`);
  // Node itself (as `npm start` runs it), not npx: SIGTERM must reach start.ts, which stops Next and PostgreSQL.
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      AGS_DATA_DIR: dataDir,
      AGS_PG_PORT: String(pgPort),
      PORT: String(port),
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHttp(`${baseUrl}/api/trpc/health.ping`, 400_000, server);
    const text = JSON.stringify(generateLargeGraph(agents));
    const { id } = await trpcMutation<{ id: string }>(baseUrl, "graphs.importJson", { text });
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    try {
      const samples: number[] = [];
      for (let i = 0; i <= loads; i++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${baseUrl}/graphs/${id}`, { waitUntil: "commit" });
        await page.locator(".react-flow__node").first().waitFor({ state: "visible", timeout: 60_000 });
        const ms = await page.evaluate(() => performance.now());
        if (i > 0) samples.push(ms); // the first load warms the server's caches
        console.error(`  load ${i}${i === 0 ? " (warm-up)" : ""}: ${fmt(ms)}`);
        await context.close();
      }
      return summarize(samples);
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      edits: { type: "string", default: "300" },
      sizes: { type: "string", default: "50,500" },
      browser: { type: "boolean", default: false },
      "browser-agents": { type: "string", default: "500" },
      loads: { type: "string", default: "5" },
    },
  });
  const edits = Number(values.edits);
  console.log("Per keystroke, after typing one character into one agent's instructions (target < 16 ms):");
  console.log("  compile = compile(doc) (parse, rules, definition, hash); analysis = analyzeDocument(doc);");
  console.log("  editor path = checkDocument(doc) (the compiler's diagnostics + the analysis, no definition or hash)");
  console.log(
    "agents  handoffs  compile median/p95   analysis median/p95   compile+analysis median/p95   editor path median/p95",
  );
  for (const n of values.sizes.split(",").map(Number)) {
    const r = measureKeystrokes(n, edits);
    console.log(
      `${String(r.agents).padStart(6)}  ${String(r.handoffs).padStart(8)}  ${pair(r.compile).padEnd(19)}  ${pair(r.analysis).padEnd(20)}  ${pair(r.total).padEnd(28)}  ${pair(r.check)}   (${r.total.n} edits)`,
    );
  }
  if (!values.browser) {
    console.log("\n(--browser also measures the editor showing a 500-agent graph in headless Chromium)");
    return;
  }
  const agents = Number(values["browser-agents"]);
  const browser = await measureBrowser(agents, Number(values.loads));
  console.log(
    `\nEditor shows a ${agents}-agent graph (navigation start → first .react-flow__node visible, target < 2 s): median ${fmt(browser.median)}, p95 ${fmt(browser.p95)} over ${browser.n} loads`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
