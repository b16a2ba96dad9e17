/**
 * Summarises a V8 .cpuprofile (from `--cpu-prof`): self time by function and
 * by file/package, and inclusive time for functions of our code.
 *
 *   npx tsx bench/tools/profile-top.ts bench/results/ours-concurrency-1000-rep1.cpuprofile [top=25]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function where(url: string): string {
  if (!url) return "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf("/src/");
  if (src >= 0) return url.slice(src + 1);
  const bench = url.indexOf("/bench/");
  if (bench >= 0) return url.slice(bench + 1);
  return url.replace(/^file:\/\//, "");
}

function main(): void {
  const [file, topArg, callersOf] = process.argv.slice(2);
  if (!file) throw new Error("usage: profile-top.ts FILE.cpuprofile [top] [function name: show its callers]");
  const top = Number(topArg ?? 25);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const fnKey = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"}  ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const selfByFn = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    selfByFn.set(fnKey(node), (selfByFn.get(fnKey(node)) ?? 0) + us);
    const w = where(node.callFrame.url);
    selfByFile.set(w, (selfByFile.get(w) ?? 0) + us);
    // Inclusive time per function of our code (counted once per stack).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur != null; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (!/\/(src|bench)\//.test(n.callFrame.url)) continue;
      const k = fnKey(n);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const pct = (us: number) =>
    `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms`;
  const show = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(us)}  ${k}`);
  };
  console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
  show("self time by file / package", selfByFile, 20);
  show("self time by function", selfByFn, top);
  show("inclusive time, our code (src/, bench/)", inclusive, top);
  if (callersOf) {
    const callers = new Map<string, number>();
    for (const [id, us] of selfUs) {
      const node = byId.get(id)!;
      if (node.callFrame.functionName !== callersOf) continue;
      const chain: string[] = [];
      for (let cur = parent.get(id); cur != null && chain.length < 3; cur = parent.get(cur))
        chain.push(fnKey(byId.get(cur)!));
      const k = chain.join("  <  ");
      callers.set(k, (callers.get(k) ?? 0) + us);
    }
    show(`callers of ${callersOf} (3 frames)`, callers, 12);
  }
}

main();
