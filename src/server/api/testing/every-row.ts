/**
 * Every row of every table of the app (and, `withQueue`, of the run queue's) as JSON text: to
 * prove a refusal wrote nothing, or that a secret is stored nowhere.
 */
import type { PrismaClient } from "@/generated/prisma/client";

export async function everyRow(prisma: PrismaClient, options: { withQueue?: boolean } = {}): Promise<string> {
  const schemas = options.withQueue ? ["public", "graphile_worker"] : ["public"];
  const tables = await prisma.$queryRawUnsafe<{ table_schema: string; table_name: string }[]>(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_schema = ANY($1::text[]) AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'rate_limits')
      ORDER BY table_schema, table_name`,
    schemas,
  );
  const parts: string[] = [];
  for (const { table_schema, table_name } of tables) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT to_jsonb(t)::text AS row FROM "${table_schema}"."${table_name}" t ORDER BY 1`,
    );
    parts.push(`${table_schema}.${table_name}:${rows.map((row) => row.row).join("\n")}`);
  }
  return parts.join("\n\n");
}
