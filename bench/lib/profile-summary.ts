/**
 * Reads a V8 .cpuprofile: self time by function and by file or package, and
 * self and total (inclusive) time of our own functions (the product's `src/`).
 *
 * The bench runs an esbuild bundle, so V8 reports bundle chunks as the files;
 * each frame is mapped back to its source file through the bundle's source maps
 * (Node's built-in `SourceMap`), so our functions show as `src/…`.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "./format";

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `src/…` (ours), `bench/…` (the harness), a package name, or `(native)`. */
export interface FrameOrigin {
  name: string;
  /** Repository-relative source file, or the package name for node_modules code. */
  file: string;
  /** 1-based line of the function in `file` (0 for packages and native code). */
  line: number;
  ours: boolean;
}

export type FrameResolver = (frame: CallFrame) => FrameOrigin;

export interface TimeRow {
  key: string;
  us: number;
}

export interface ProfileSummary {
  totalUs: number;
  byFile: TimeRow[];
  selfByFunction: TimeRow[];
  /** Our functions (src/): self time and total time (counted once per stack). */
  ours: { key: string; selfUs: number; totalUs: number }[];
  /** Share of samples whose stack contains any of our functions. */
  oursTotalUs: number;
}

const PSEUDO_FRAMES = new Set(["(garbage collector)", "(program)", "(idle)", "(root)"]);

function packageOf(path: string): string {
  const rest = path.slice(path.lastIndexOf("node_modules/") + 13).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

/**
 * Maps frames to source files: through `<file>.map` when the file has one (the
 * bench bundle), else by path. `root` is the repository root that `src/` and
 * `bench/` are relative to.
 */
export function sourceMapResolver(root: string): FrameResolver {
  const maps = new Map<string, SourceMap | null>();
  const mapFor = (path: string): SourceMap | null => {
    if (!maps.has(path)) {
      let map: SourceMap | null = null;
      try {
        if (existsSync(`${path}.map`))
          map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8")) as SourceMapPayload);
      } catch {
        map = null;
      }
      maps.set(path, map);
    }
    return maps.get(path) ?? null;
  };
  const classify = (name: string, path: string, line: number): FrameOrigin => {
    if (path.includes("/node_modules/") && !path.includes("/.cache/agent-graph-bench/"))
      return { name, file: packageOf(path), line: 0, ours: false };
    const file = relative(root, path);
    return { name, file, line, ours: file.startsWith("src/") };
  };
  return (frame) => {
    const name = frame.functionName || "(anonymous)";
    // V8's pseudo-frames: "(garbage collector)", "(program)", "(idle)", "(root)".
    if (!frame.url) return { name, file: PSEUDO_FRAMES.has(name) ? name : "(native)", line: 0, ours: false };
    if (!frame.url.startsWith("file:") && !frame.url.startsWith("/"))
      return { name, file: frame.url, line: 0, ours: false };
    const path = frame.url.startsWith("file:") ? fileURLToPath(frame.url) : frame.url;
    const map = mapFor(path);
    if (map) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
        originalSource?: string;
        originalLine?: number;
      };
      if (entry.originalSource) {
        const source = entry.originalSource.startsWith("file:")
          ? fileURLToPath(entry.originalSource)
          : resolve(dirname(path), entry.originalSource);
        return classify(name, source, (entry.originalLine ?? 0) + 1);
      }
    }
    return classify(name, path, frame.lineNumber + 1);
  };
}

const sorted = (m: Map<string, number>): TimeRow[] =>
  [...m].map(([key, us]) => ({ key, us })).sort((a, b) => b.us - a.us);

/** Self time per function, file and package; self and total time of our functions. */
export function summarizeProfile(profile: CpuProfile, resolveFrame: FrameResolver): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const origin = new Map<number, FrameOrigin>();
  const originOf = (id: number) => {
    let o = origin.get(id);
    if (!o) origin.set(id, (o = resolveFrame(byId.get(id)!.callFrame)));
    return o;
  };
  const keyOf = (o: FrameOrigin) =>
    o.line ? `${o.name}  ${o.file}:${o.line}` : o.file === o.name ? o.name : `${o.name}  ${o.file}`;

  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const ourSelf = new Map<string, number>();
  const ourTotal = new Map<string, number>();
  let totalUs = 0;
  let oursTotalUs = 0;
  for (const [id, us] of selfUs) {
    totalUs += us;
    const o = originOf(id);
    byFile.set(o.file, (byFile.get(o.file) ?? 0) + us);
    byFunction.set(keyOf(o), (byFunction.get(keyOf(o)) ?? 0) + us);
    if (o.ours) ourSelf.set(keyOf(o), (ourSelf.get(keyOf(o)) ?? 0) + us);
    // Total time: every function of ours on the stack, once per stack (recursion counted once).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur != null; cur = parent.get(cur)) {
      const co = originOf(cur);
      if (!co.ours) continue;
      const k = keyOf(co);
      if (seen.has(k)) continue;
      seen.add(k);
      ourTotal.set(k, (ourTotal.get(k) ?? 0) + us);
    }
    if (seen.size) oursTotalUs += us;
  }
  const ours = [...ourTotal]
    .map(([key, total]) => ({ key, selfUs: ourSelf.get(key) ?? 0, totalUs: total }))
    .sort((a, b) => b.selfUs - a.selfUs || b.totalUs - a.totalUs);
  return { totalUs, byFile: sorted(byFile), selfByFunction: sorted(byFunction), ours, oursTotalUs };
}

const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const pct = (us: number, total: number) => `${total ? ((100 * us) / total).toFixed(1) : "0.0"} %`;

/** Our functions by self time, with their total time, as a table (the top `top`). */
export function renderOurFunctions(summary: ProfileSummary, top = 15): string {
  const t = summary.totalUs;
  const rows = summary.ours
    .slice(0, top)
    .map((f) => [f.key, ms(f.selfUs), pct(f.selfUs, t), ms(f.totalUs), pct(f.totalUs, t)]);
  const head = `${ms(t)} sampled; stacks inside our code (src/): ${ms(summary.oursTotalUs)} (${pct(summary.oursTotalUs, t)})`;
  if (rows.length === 0) return `${head}\n  no samples in src/`;
  return `${head}\n${table([["our function (src/)", "self", "self %", "total", "total %"], ...rows])}`;
}

/** Self time by file or package (GC, native and idle included), as a table. */
export function renderByFile(summary: ProfileSummary, top = 12): string {
  const rows = summary.byFile.slice(0, top).map((r) => [r.key, ms(r.us), pct(r.us, summary.totalUs)]);
  return table([["self time by file / package", "self", "%"], ...rows]);
}
