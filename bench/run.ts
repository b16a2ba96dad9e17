/**
 * `npm run bench`: our runtime side by side with @openai/agents, LangGraph.js
 * and Mastra on the same logical work. Prints tables and writes
 * bench/results/latest.json. Asserts nothing about speed; exits non-zero only
 * when the harness itself is broken (a count mismatch between runtimes).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname } from "node:path";
import { BENCH_USAGE, BenchUsageError, USAGE_EXIT, parseBenchArgs, type BenchOptions } from "./lib/args";
import { isBundled, relaunchBundled } from "./lib/bundle";
import { asMarkdown } from "./lib/format";
import { ensurePeersInstalled } from "./lib/peer-install";
import { startProfile } from "./lib/profiler";
import {
  renderByFile,
  renderOurFunctions,
  sourceMapResolver,
  summarizeProfile,
  type CpuProfile,
  type ProfileSummary,
} from "./lib/profile-summary";
import { handoffScenario, stepScenario } from "./lib/scripts";
import { OUR_GOALS, PEER_REFERENCE } from "./lib/targets";
import { renderVerdicts, verdicts } from "./lib/verdicts";
import { loadRuntime } from "./runtimes";
import { isAvailable, isPeerId, type LoadedRuntime } from "./runtimes/types";
import { renderCompile, runCompile, type CompileScenario } from "./scenarios/compile";
import { medianProfiles, renderConcurrency, runConcurrency, type ConcurrencyLevel } from "./scenarios/concurrency";
import { renderMicro, runMicro, type MicroResult } from "./scenarios/micro";
import { renderRunsList, runRunsList, type RunsListScenario } from "./scenarios/runs-list";
import { renderServer, runServer, type ServerScenario } from "./scenarios/server";

const log = (line: string) => process.stderr.write(`${line}\n`);

function section(text: string): void {
  console.log(`\n${text}\n`);
}

/** A warning when other processes compete for the cores: every runtime's figures are then slower and noisier. */
function busyNote(load: number, cores: number): string | null {
  return load > cores
    ? `WARNING: load average ${load.toFixed(1)} on ${cores} cores: other processes compete for the CPU, so every runtime runs slower and the figures are noisy; rerun on a quiet machine for figures to quote.`
    : null;
}

/** The command line as a user types it, for the report. */
function commandLine(argv: string[]): string {
  return `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}`;
}

interface ProfileSection {
  title: string;
  file: string;
  summary: ProfileSummary;
}

const profiles: ProfileSection[] = [];

function renderProfile(p: ProfileSection): string {
  return `CPU profile — ${p.title}: ${p.file}\n${renderOurFunctions(p.summary, 15)}\n${renderByFile(p.summary, 8)}\n(more: npx tsx bench/tools/profile-top.ts ${p.file})`;
}

/** Prints our functions' self/total time in a profile just written (and keeps it for the Markdown report). */
function printProfile(title: string, file: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const p = { title, file, summary: summarizeProfile(profile, sourceMapResolver(process.cwd())) };
  profiles.push(p);
  section(renderProfile(p));
}

/** --cpu-prof for scenarios 1 and 2: profiles the measured rounds in this process, where they run. */
function microProfile(options: BenchOptions, file: string) {
  if (!options.cpuProf) return undefined;
  let stop: ((file: string) => Promise<void>) | null = null;
  return {
    async start() {
      stop = await startProfile();
    },
    async stop() {
      await stop?.(file);
    },
  };
}

function parseOrExit(argv: string[]): BenchOptions | null {
  try {
    const options = parseBenchArgs(argv);
    if (options.help) {
      console.log(BENCH_USAGE);
      return null;
    }
    return options;
  } catch (error) {
    if (!(error instanceof BenchUsageError)) throw error;
    process.stderr.write(`npm run bench: ${error.message}\n\n${BENCH_USAGE}\n`);
    process.exitCode = USAGE_EXIT;
    return null;
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // Validate first: a bad flag must not bundle, install or run anything.
  const options = parseOrExit(argv);
  if (!options) return;
  if (!isBundled() && options.runtimes.some(isPeerId)) {
    const failed = ensurePeersInstalled(log);
    if (failed) log(`  note: ${failed}; the peers will show as pending`);
  }
  const relaunched = options.noBundle ? null : await relaunchBundled(argv, log);
  if (relaunched !== null) {
    process.exitCode = relaunched;
    return;
  }
  mkdirSync("bench/results", { recursive: true });
  const startedAt = new Date();
  const t0 = performance.now();
  if (!(globalThis as { gc?: unknown }).gc)
    log("note: run with node --expose-gc (npm run bench does) to force GC between batches");

  const machine = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "?",
    totalMemGb: Math.round(totalmem() / 2 ** 30),
    loadAvgAtStart: loadavg().map((x) => Number(x.toFixed(2))),
    /** How our code (and the adapters) ran: the esbuild bundle without keepNames, or tsx. */
    build: isBundled() ? "esbuild bundle, no keepNames (bench/lib/bundle.ts)" : "tsx (esbuild keepNames)",
  };
  console.log(
    `Agent Graph Studio benchmarks (${options.quick ? "quick" : "full"}) — Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemGb} GB, load average ${machine.loadAvgAtStart.join(" ")}; ${machine.build}`,
  );
  const busy = busyNote(machine.loadAvgAtStart[0], machine.cpus);
  if (busy) console.log(busy);

  const loaded: LoadedRuntime[] = [];
  for (const id of options.runtimes) {
    const t = performance.now();
    const rt = await loadRuntime(id);
    loaded.push(rt);
    log(
      `  loaded ${rt.label}${isAvailable(rt) ? ` ${rt.version}` : ` — unavailable: ${rt.unavailable}`} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
  }

  let step: MicroResult | undefined;
  let handoff: MicroResult | undefined;
  let concurrency: ConcurrencyLevel[] | undefined;
  let compile: CompileScenario | undefined;

  if (options.scenarios.has(1)) {
    log("  scenario 1 (step overhead)…");
    const file = "bench/results/scenario1-step.cpuprofile";
    step = await runMicro(stepScenario(), loaded, { ...options.micro, measured: microProfile(options, file) });
    section(renderMicro(step));
    if (options.cpuProf)
      printProfile(
        "scenario 1, measured rounds of every runtime in this process (with the forced GC before each batch)",
        file,
      );
  }
  if (options.scenarios.has(2)) {
    log("  scenario 2 (handoff overhead)…");
    const file = "bench/results/scenario2-handoff.cpuprofile";
    handoff = await runMicro(handoffScenario(), loaded, { ...options.micro, measured: microProfile(options, file) });
    section(renderMicro(handoff));
    if (options.cpuProf)
      printProfile(
        "scenario 2, measured rounds of every runtime in this process (with the forced GC before each batch)",
        file,
      );
  }
  if (options.scenarios.has(3)) {
    concurrency = await runConcurrency({
      runtimes: loaded.map((rt) => ({
        id: rt.id,
        label: rt.label,
        unavailable: isAvailable(rt) ? null : rt.unavailable,
      })),
      levels: options.concurrencyLevels,
      reps: options.concurrencyReps,
      latencyMs: options.latencyMs,
      cpuProf: options.cpuProf,
      warmupMs: options.quick ? 300 : 1500,
      log,
    });
    section(renderConcurrency(concurrency));
    for (const p of medianProfiles(concurrency))
      printProfile(
        `scenario 3, ours × ${p.runs}, the median repetition (ratio ${p.ratio.toFixed(2)}), its worker's measured phase`,
        p.file,
      );
  }
  if (options.scenarios.has(4)) {
    log("  scenario 4 (compile)…");
    const file = "bench/results/scenario4-compile.cpuprofile";
    compile = await runCompile(options.compileBudgetMs, options.cpuProf ? file : null);
    section(renderCompile(compile));
    if (options.cpuProf && compile.status === "ok")
      printProfile("scenario 4, the compile worker's measured samples", file);
  }
  let server: ServerScenario | undefined;
  if (options.scenarios.has(5)) {
    log("  scenario 5 (runs through the queue and a worker, event persistence)…");
    server = await runServer(
      options.quick
        ? { runs: 100, latencyMs: options.latencyMs, replayRuns: 200, rate: 20_000, seconds: 1 }
        : { runs: 1000, latencyMs: options.latencyMs, replayRuns: 1000, rate: 20_000, seconds: 3 },
    );
    section(renderServer(server));
  }
  let runsList: RunsListScenario | undefined;
  if (options.scenarios.has(6)) {
    log("  scenario 6 (the runs list at 10,000 runs)…");
    runsList = await runRunsList({ runs: 10_000, reps: options.quick ? 20 : 200 });
    section(renderRunsList(runsList));
  }

  const list = verdicts({ step, handoff, concurrency, compile });
  section(renderVerdicts(list));

  const mismatches = [
    ...[step, handoff].flatMap(
      (m) => m?.rows.filter((r) => r.mismatch).map((r) => `${m.scenario}: ${r.mismatch}`) ?? [],
    ),
    ...(concurrency ?? []).flatMap((l) =>
      l.rows.filter((r) => r.mismatch).map((r) => `concurrency ×${l.runs}: ${r.mismatch}`),
    ),
  ];
  if (mismatches.length) {
    console.log(
      `\n${"!".repeat(78)}\nHARNESS BUG: runtimes did not do the same work (model/tool/handoff counts differ)\n${mismatches.map((m) => `  ${m}`).join("\n")}\n${"!".repeat(78)}`,
    );
  }

  const durationSec = (performance.now() - t0) / 1000;
  const command = commandLine(argv);
  const report = {
    // 2: verdicts with anchor and same-run peer checks, concurrency spread and profiles, the command.
    schema: 2,
    command,
    mode: options.quick ? "quick" : "full",
    startedAt: startedAt.toISOString(),
    durationSec,
    machine: { ...machine, loadAvgAtEnd: loadavg().map((x) => Number(x.toFixed(2))) },
    runtimes: loaded.map((rt) =>
      isAvailable(rt)
        ? { id: rt.id, label: rt.label, version: rt.version, notes: rt.notes }
        : { id: rt.id, label: rt.label, unavailable: rt.unavailable },
    ),
    reference: { peers: PEER_REFERENCE, goals: OUR_GOALS },
    scenarios: {
      step: step ?? null,
      handoff: handoff ?? null,
      concurrency: concurrency ?? null,
      compile: compile ?? null,
      server: server ?? null,
      runsList: runsList ?? null,
    },
    verdicts: list,
    mismatches,
  };
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  // The same tables as Markdown, headed by what bench/README.md must state: date, machine, command.
  const markdownFile = options.out.replace(/\.json$/, "") + ".md";
  const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" ");
  const oursRuntime = loaded.find((rt) => rt.id === "ours");
  const oursVersion = oursRuntime && isAvailable(oursRuntime) ? oursRuntime.version : "not loaded";
  const markdown = asMarkdown(() =>
    [
      `Measured ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC with \`${command}\` (${durationSec.toFixed(0)} s), ` +
        `ours at ${oursVersion}, ` +
        `Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemGb} GB, ` +
        `load average ${load(machine.loadAvgAtStart)} at start and ${load(report.machine.loadAvgAtEnd)} at the end; ${machine.build}.`,
      busyNote(Math.max(machine.loadAvgAtStart[0], report.machine.loadAvgAtEnd[0]), machine.cpus),
      step && renderMicro(step),
      handoff && renderMicro(handoff),
      concurrency && renderConcurrency(concurrency),
      compile && renderCompile(compile),
      server && renderServer(server),
      runsList && renderRunsList(runsList),
      renderVerdicts(list),
      ...profiles.map(renderProfile),
    ]
      .filter(Boolean)
      .join("\n\n"),
  );
  writeFileSync(markdownFile, `${markdown}\n`);
  console.log(`\nwrote ${options.out} and ${markdownFile} in ${durationSec.toFixed(0)} s total`);
  process.exitCode = mismatches.length ? 1 : 0;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
