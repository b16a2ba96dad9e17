/**
 * Copies the figures of the last full run (bench/results/latest.md, written by
 * `npm run bench`) into bench/README.md between its figures markers, so the
 * README states exactly what the bench measured, with date, machine and command.
 * More reports (e.g. a `--cpu-prof` run written with `--out`) follow it.
 *
 *   npx tsx bench/tools/readme-figures.ts [bench/results/latest.md [bench/results/profile.md …]]
 */
import { readFileSync, writeFileSync } from "node:fs";

const README = "bench/README.md";
const START = "<!-- figures:start (bench/tools/readme-figures.ts copies bench/results/latest.md here) -->";
const END = "<!-- figures:end -->";

/** The README with the text between the markers replaced by `figures`; throws when the markers are missing. */
export function spliceFigures(readme: string, figures: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${README} has no "${START}" … "${END}" section`);
  return `${readme.slice(0, start + START.length)}\n${figures.trim()}\n${readme.slice(end)}`;
}

function main(): number {
  const sources = process.argv.length > 2 ? process.argv.slice(2) : ["bench/results/latest.md"];
  const parts: string[] = [];
  for (const source of sources) {
    let text: string;
    try {
      text = readFileSync(source, "utf8");
    } catch {
      console.error(`${source} not found: run \`npm run bench\` first`);
      return 66;
    }
    if (!text.startsWith("Measured ")) {
      console.error(`${source} is not a bench report (it should start with "Measured …")`);
      return 65;
    }
    parts.push(text.trim());
  }
  writeFileSync(README, spliceFigures(readFileSync(README, "utf8"), parts.join("\n\n")));
  console.log(`${README}: figures replaced from ${sources.join(", ")}`);
  return 0;
}

if (process.argv[1]?.endsWith("readme-figures.ts")) process.exitCode = main();
