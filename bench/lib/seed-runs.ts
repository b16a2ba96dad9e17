/** Realistic runs rows for the runs-list bench (scenario 6) and for looking at the Traces page with many runs. */
import { randomUUID } from "node:crypto";
import type pg from "pg";

const GRAPHS = ["Market research", "Refund desk", "Blog reviewer", "Invoice checker", "Trip planner"];
const TOPICS = [
  "solar adoption in Spain",
  "a refund for a double charge",
  "the quarterly report draft",
  "an invoice that was paid twice",
  "a weekend in Lisbon",
  "wind power subsidies",
  "the onboarding email",
  "supplier contract renewal",
  "a late delivery complaint",
  "battery storage costs",
  "the release notes",
  "hotel options near the venue",
];

/**
 * Inserts five graphs, the conversations and `count` runs (one statement
 * each) into `workspaceId`, or into a new "Bench" workspace. Run i was
 * created i × (30 days / count) ago; the newest six are running, the next
 * four queued; then every 13th failed, every 29th cancelled, the rest completed.
 */
export async function seedRuns(
  pool: pg.Pool,
  count: number,
  workspaceId: string = randomUUID(),
): Promise<{ workspaceId: string; graphIds: string[] }> {
  await pool.query(
    "INSERT INTO workspaces (id, slug, name, updated_at) VALUES ($1, $2, 'Bench', now()) ON CONFLICT (id) DO NOTHING",
    [workspaceId, `bench-${workspaceId.slice(0, 8)}`],
  );
  const graphIds = GRAPHS.map(() => randomUUID());
  await pool.query(
    `INSERT INTO graphs (id, workspace_id, name, draft, updated_at)
     SELECT g.id, $2, g.name, '{}', now() FROM unnest($1::uuid[], $3::text[]) AS g(id, name)`,
    [graphIds, workspaceId, GRAPHS],
  );
  // Conversations of one to three turns: run i belongs to conversation i / 2 (roughly 2 turns each).
  const conversations = Math.ceil(count / 2);
  await pool.query(
    `INSERT INTO conversations (id, workspace_id, graph_id, updated_at)
     SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + (c % $3)], now() - (c || ' minutes')::interval
     FROM generate_series(0, $4 - 1) AS c`,
    [workspaceId, graphIds, graphIds.length, conversations],
  );
  // Newest first by created_at: run i started i × (30 days / count) ago.
  await pool.query(
    `WITH conv AS (
       SELECT id, graph_id, row_number() OVER (ORDER BY updated_at DESC) - 1 AS n FROM conversations WHERE workspace_id = $1
     ), r AS (
       SELECT i, conv.id AS conversation_id, conv.graph_id,
              now() - (i * (30 * 86400.0 / $2)) * interval '1 second' AS created,
              CASE WHEN i < 6 THEN 'running' WHEN i < 10 THEN 'queued'
                   WHEN i % 13 = 0 THEN 'failed' WHEN i % 29 = 0 THEN 'cancelled' ELSE 'completed' END AS status,
              ($3::text[])[1 + (i % array_length($3::text[], 1))] AS topic
       FROM generate_series(0, $2 - 1) AS i JOIN conv ON conv.n = i / 2
     )
     INSERT INTO runs (id, workspace_id, graph_id, content_hash, graph_name, conversation_id, input, simulated, status,
                       output, error, input_tokens, output_tokens, cost_usd, steps, handoffs, failed_handoffs,
                       event_count, created_at, started_at, ended_at, duration_millis)
     SELECT gen_random_uuid(), $1, r.graph_id, 'bench', g.name, r.conversation_id,
            'Please look into ' || r.topic || ' (request ' || r.i || ') and write a short summary.',
            r.i % 3 = 0, r.status::run_status,
            CASE WHEN r.status = 'completed' THEN 'Here is what I found about ' || r.topic || '.' END,
            CASE WHEN r.status = 'failed' THEN 'web-researcher: model gpt-4o timed out after 60 s; fell back to gpt-4o-mini, which failed too'
                 WHEN r.status = 'cancelled' THEN 'cancelled by the user' END,
            800 + (r.i * 37) % 9000, 200 + (r.i * 53) % 3000, ((r.i * 7) % 500) / 10000.0,
            2 + r.i % 9, r.i % 5, CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END,
            20 + r.i % 200, r.created, r.created + interval '40 milliseconds',
            CASE WHEN r.status IN ('running', 'queued') THEN NULL ELSE r.created + (1 + r.i % 90) * interval '1 second' END,
            CASE WHEN r.status IN ('running', 'queued') THEN NULL ELSE (1 + r.i % 90) * 1000 END
     FROM r JOIN graphs g ON g.id = r.graph_id`,
    [workspaceId, count, TOPICS],
  );
  await pool.query("ANALYZE");
  return { workspaceId, graphIds };
}
