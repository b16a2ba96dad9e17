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
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyzeDocument, checkDocument } from "../src/core/analysis";
import { analyzeGraph, compile } from "../src/core/compiler";
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

/** What one load of the editor spent its time on (page clock, ms from navigation start). */
interface LoadBreakdown {
  /** The HTML's first byte. */
  htmlFirstByte: number;
  /** DOMContentLoaded done (scripts parsed; hydration follows). */
  domContentLoaded: number;
  /** The last script downloaded, and the scripts' size (decoded bytes). */
  scriptsDone: number;
  scriptBytes: number;
  /** The `graphs.get` request: sent, first byte, done; and the JSON's size in bytes. */
  draftRequestStart: number;
  draftFirstByte: number;
  draftDone: number;
  draftBytes: number;
  /** First `.react-flow__node` visible. */
  firstNode: number;
  /** `.react-flow__node` elements in the DOM then, and once the page is idle. */
  nodesAtFirstPaint: number;
  nodesSettled: number;
  /** Main-thread tasks over 50 ms before the first node showed: count and total. */
  longTasks: number;
  longTaskMs: number;
  /** Chrome's own counters at first node (CDP Performance.getMetrics), ms. */
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

/** Runs in the page before any of its scripts: collects long tasks. */
const LONG_TASK_OBSERVER = `
  window.__agsLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__agsLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
`;

type Page = import("playwright-core").Page;

async function loadBreakdown(page: Page, firstNode: number, metrics: Map<string, number>): Promise<LoadBreakdown> {
  const timing = await page.evaluate((until) => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const draft = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
      entry.name.includes("graphs.get"),
    );
    const tasks = ((window as unknown as { __agsLongTasks?: [number, number][] }).__agsLongTasks ?? []).filter(
      ([start]) => start < until,
    );
    return {
      htmlFirstByte: nav.responseStart,
      domContentLoaded: nav.domContentLoadedEventEnd,
      draftRequestStart: draft?.startTime ?? Number.NaN,
      draftFirstByte: draft?.responseStart ?? Number.NaN,
      draftDone: draft?.responseEnd ?? Number.NaN,
      draftBytes: draft?.decodedBodySize ?? Number.NaN,
      scriptsDone: Math.max(
        0,
        ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === "script")
          .map((entry) => entry.responseEnd),
      ),
      scriptBytes: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === "script")
        .reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      nodesAtFirstPaint: document.querySelectorAll(".react-flow__node").length,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, [, duration]) => sum + duration, 0),
    };
  }, firstNode);
  // Idle: the fit view and the first compile are done when the node count stops changing.
  let settled = -1;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const count = await page.locator(".react-flow__node").count();
    if (count === settled) break;
    settled = count;
  }
  return {
    ...timing,
    firstNode,
    nodesSettled: settled,
    scriptMs: (metrics.get("ScriptDuration") ?? Number.NaN) * 1000,
    layoutMs: (metrics.get("LayoutDuration") ?? Number.NaN) * 1000,
    styleMs: (metrics.get("RecalcStyleDuration") ?? Number.NaN) * 1000,
  };
}

/**
 * Frames while zooming and panning the loaded editor: wheel steps over the
 * canvas (zoom), then a drag of the pane (pan), with requestAnimationFrame
 * timestamps recorded in the page. Returns the frame intervals.
 */
async function measurePanZoom(
  page: Page,
): Promise<{ zoom: Summary; pan: Summary; zoomFrames: number; panFrames: number }> {
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  const cx = pane.x + pane.width / 2;
  const cy = pane.y + pane.height / 2;
  // Strings, not functions: tsx would wrap a named inner function in a helper the page does not have.
  const record = () =>
    page.evaluate(`(() => {
      window.__agsFrames = [];
      window.__agsRecording = true;
      const tick = (t) => {
        if (!window.__agsRecording) return;
        window.__agsFrames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
  const stop = () =>
    page.evaluate<number[]>(`(() => {
      window.__agsRecording = false;
      const f = window.__agsFrames;
      // Callbacks sharing one frame's timestamp are one frame.
      return f.slice(1).map((t, i) => t - f[i]).filter((d) => d > 0);
    })()`);
  await page.mouse.move(cx, cy);
  await record();
  for (let i = 0; i < 24; i++) {
    await page.mouse.wheel(0, i < 12 ? -120 : 120);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(200);
  const zoom = await stop();
  await record();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) await page.mouse.move(cx - i * 12, cy - i * 6);
  await page.mouse.up();
  await page.waitForTimeout(200);
  const pan = await stop();
  return { zoom: summarize(zoom), pan: summarize(pan), zoomFrames: zoom.length, panFrames: pan.length };
}

interface BrowserResult {
  load: Summary;
  breakdowns: LoadBreakdown[];
  panZoom: Awaited<ReturnType<typeof measurePanZoom>> | null;
  profilePath: string | null;
}

async function measureBrowser(agents: number, loads: number, profile: boolean): Promise<BrowserResult> {
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
      const breakdowns: LoadBreakdown[] = [];
      let panZoom: BrowserResult["panZoom"] = null;
      let profilePath: string | null = null;
      // The last load (with --profile) also records a CPU profile; it is not among the timed samples.
      const total = profile ? loads + 1 : loads;
      for (let i = 0; i <= total; i++) {
        const profiling = profile && i === total;
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addInitScript(LONG_TASK_OBSERVER);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Performance.enable");
        if (profiling) {
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          await cdp.send("Profiler.start");
        }
        await page.goto(`${baseUrl}/graphs/${id}`, { waitUntil: "commit" });
        await page.locator(".react-flow__node").first().waitFor({ state: "visible", timeout: 60_000 });
        const ms = await page.evaluate(() => performance.now());
        const { metrics } = await cdp.send("Performance.getMetrics");
        if (profiling) {
          const { profile: cpu } = await cdp.send("Profiler.stop");
          profilePath = path.join("bench", "results", "editor-load.cpuprofile");
          writeFileSync(profilePath, JSON.stringify(cpu));
        }
        const breakdown = await loadBreakdown(page, ms, new Map(metrics.map((m) => [m.name, m.value])));
        if (i > 0 && !profiling) {
          samples.push(ms); // the first load warms the server's caches
          breakdowns.push(breakdown);
        }
        console.error(
          `  load ${i}${i === 0 ? " (warm-up)" : profiling ? " (profiled, not counted)" : ""}: ${fmt(ms)}  ` +
            `(html ${fmt(breakdown.htmlFirstByte)}, DOMContentLoaded ${fmt(breakdown.domContentLoaded)}, ` +
            `graphs.get ${fmt(breakdown.draftRequestStart)} → ${fmt(breakdown.draftDone)}, ` +
            `${breakdown.nodesAtFirstPaint} nodes at first paint, ${breakdown.nodesSettled} settled)`,
        );
        if (i === loads && !profiling) panZoom = await measurePanZoom(page);
        await context.close();
      }
      return { load: summarize(samples), breakdowns, panZoom, profilePath };
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
      profile: { type: "boolean", default: false },
    },
  });
  const edits = Number(values.edits);
  // Before anything else warms the code paths: the page runs them once, cold.
  const pure = values.browser ? measureOpenSteps(Number(values["browser-agents"])) : [];
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
  const browser = await measureBrowser(agents, Number(values.loads), values.profile);
  const { load } = browser;
  console.log(
    `\nEditor shows a ${agents}-agent graph (navigation start → first .react-flow__node visible, target < 2 s): median ${fmt(load.median)}, p95 ${fmt(load.p95)} over ${load.n} loads`,
  );
  const med = (pick: (b: LoadBreakdown) => number) => fmt(summarize(browser.breakdowns.map(pick)).median);
  console.log("Where the time goes (medians over the timed loads, page clock from navigation start):");
  console.log(`  HTML first byte                    ${med((b) => b.htmlFirstByte)}`);
  console.log(`  DOMContentLoaded                   ${med((b) => b.domContentLoaded)}`);
  console.log(
    `  last script downloaded             ${med((b) => b.scriptsDone)} (${Math.round((browser.breakdowns[0]?.scriptBytes ?? 0) / 1024)} KiB of scripts)`,
  );
  console.log(`  graphs.get sent                    ${med((b) => b.draftRequestStart)}`);
  console.log(
    `  graphs.get first byte / done       ${med((b) => b.draftFirstByte)} / ${med((b) => b.draftDone)} (${Math.round(browser.breakdowns[0]?.draftBytes ?? 0)} bytes)`,
  );
  console.log(`  first node visible                 ${med((b) => b.firstNode)}`);
  console.log(`  → after the draft arrived          ${med((b) => b.firstNode - b.draftDone)}`);
  console.log(
    `  nodes in the DOM at first paint    ${browser.breakdowns[0]?.nodesAtFirstPaint} (settled: ${browser.breakdowns[0]?.nodesSettled})`,
  );
  console.log(
    `  long tasks before it               ${med((b) => b.longTasks).replace(" ms", "")} tasks, ${med((b) => b.longTaskMs)}`,
  );
  console.log(
    `  Chrome: script / layout / style    ${med((b) => b.scriptMs)} / ${med((b) => b.layoutMs)} / ${med((b) => b.styleMs)}`,
  );
  console.log(`The editor's pure steps on a ${agents}-agent draft in Node (cold = first call, as on a page load):`);
  for (const [name, ms] of pure) console.log(`  ${name.padEnd(34)} ${fmt(ms)}`);
  if (browser.panZoom) {
    const { zoom, pan, zoomFrames, panFrames } = browser.panZoom;
    console.log(
      `Pan/zoom after the load (requestAnimationFrame intervals; 16.7 ms = 60 fps): zoom (24 wheel steps) median ${fmt(zoom.median)}, p95 ${fmt(zoom.p95)}, max ${fmt(zoom.max)} over ${zoomFrames} frames; pan (30-step drag) median ${fmt(pan.median)}, p95 ${fmt(pan.p95)}, max ${fmt(pan.max)} over ${panFrames} frames`,
    );
  }
  if (browser.profilePath)
    console.log(`CPU profile of one more load: ${browser.profilePath} (open in Chrome DevTools)`);
}

/**
 * What the editor computes on the draft when it opens, in Node: parse with the
 * schema, the first compile (definition + hash) and the separate analysis the
 * live compile runs, and `checkDocument` (the Problems panel). Cold: first call in this process.
 */
function measureOpenSteps(agents: number): [string, number][] {
  const raw = JSON.parse(JSON.stringify(generateLargeGraph(agents))) as unknown;
  const time = <T>(fn: () => T): [T, number] => {
    const t0 = performance.now();
    const value = fn();
    return [value, performance.now() - t0];
  };
  const [doc, parseMs] = time(() => graphDocumentSchema.parse(raw));
  const [, compileMs] = time(() => compile(doc));
  const [, analyzeMs] = time(() => analyzeGraph(doc));
  const [, checkMs] = time(() => checkDocument(doc));
  const [, compileWarmMs] = time(() => compile({ ...doc }));
  return [
    ["graphDocumentSchema.parse (cold)", parseMs],
    ["compile (cold)", compileMs],
    ["analyzeGraph (cold)", analyzeMs],
    ["checkDocument (cold)", checkMs],
    ["compile (second call)", compileWarmMs],
  ];
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
