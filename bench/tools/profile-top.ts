/**
 * Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof` or
 * `node --cpu-prof`): self time by file / package and by function, and self and
 * total time of our own functions (src/), mapped through the bench bundle's
 * source maps. With a function name, also who calls it.
 *
 *   npx tsx bench/tools/profile-top.ts bench/results/scenario3-ours-1000-rep1.cpuprofile [top=25] [function]
 */
import { readFileSync } from "node:fs";
import {
  renderByFile,
  renderOurFunctions,
  sourceMapResolver,
  summarizeProfile,
  type CpuProfile,
} from "../lib/profile-summary";

const USAGE = "usage: npx tsx bench/tools/profile-top.ts FILE.cpuprofile [top=25] [function name: show its callers]";

function main(): number {
  const [file, topArg = "25", callersOf] = process.argv.slice(2);
  const top = Number(topArg);
  if (!file || !Number.isInteger(top) || top < 1) {
    console.error(USAGE);
    return 64;
  }
  let profile: CpuProfile;
  try {
    profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
    if (!Array.isArray(profile.nodes) || !Array.isArray(profile.samples)) throw new Error("not a .cpuprofile");
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 66;
  }
  const resolveFrame = sourceMapResolver(process.cwd());
  const summary = summarizeProfile(profile, resolveFrame);
  console.log(`${file}\n\n${renderByFile(summary, 20)}\n`);
  console.log(`self time by function (top ${top})`);
  for (const r of summary.selfByFunction.slice(0, top))
    console.log(
      `  ${((100 * r.us) / summary.totalUs).toFixed(1).padStart(5)} %  ${(r.us / 1000).toFixed(1).padStart(8)} ms  ${r.key}`,
    );
  console.log(`\n${renderOurFunctions(summary, top)}`);
  if (callersOf) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const callers = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (byId.get(id)?.callFrame.functionName !== callersOf) return;
      const chain: string[] = [];
      for (let cur = parent.get(id); cur != null && chain.length < 3; cur = parent.get(cur)) {
        const o = resolveFrame(byId.get(cur)!.callFrame);
        chain.push(o.line ? `${o.name} ${o.file}:${o.line}` : `${o.name} ${o.file}`);
      }
      const k = chain.join("  <  ");
      callers.set(k, (callers.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    console.log(`\ncallers of ${callersOf} (3 frames)`);
    for (const [k, us] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  }
  return 0;
}

process.exitCode = main();
