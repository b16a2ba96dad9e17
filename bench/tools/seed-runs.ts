/**
 * Seeds realistic runs into an app's database, to look at the Traces page
 * with many runs (the rows scenario 6 measures; five "bench" graphs whose
 * drafts are empty, so their runs cannot be opened as traces or rerun):
 *
 *   npx tsx bench/tools/seed-runs.ts postgresql://… [count=10000] [workspace-slug=default]
 */
import pg from "pg";
import { seedRuns } from "../lib/seed-runs";

async function main(): Promise<void> {
  const [url, countText = "10000", slug = "default"] = process.argv.slice(2);
  if (!url) {
    console.error("Usage: npx tsx bench/tools/seed-runs.ts <database-url> [count] [workspace-slug]");
    process.exit(64);
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [slug]);
    if (!rows[0]) throw new Error(`no workspace with slug "${slug}"`);
    const t0 = performance.now();
    await seedRuns(pool, Number(countText), rows[0].id);
    console.log(`seeded ${countText} runs into workspace ${slug} in ${(performance.now() - t0).toFixed(0)} ms`);
  } finally {
    await pool.end();
  }
}

void main();
