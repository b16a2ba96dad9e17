import type pg from "pg";

import type { FileWorkspace } from "@/core/runtime/ports";

/**
 * The runtime's virtual file workspaces in `workspace_files`: files written in
 * one turn of a conversation are there for the next, in any worker process.
 */
export class PgFileWorkspace implements FileWorkspace {
  constructor(private readonly db: Pick<pg.Pool, "query">) {}

  async read(workspaceId: string, path: string): Promise<string | null> {
    const { rows } = await this.db.query<{ content: string }>({
      name: "ags_file_read",
      text: "SELECT content FROM workspace_files WHERE file_workspace = $1 AND path = $2",
      values: [workspaceId, path],
    });
    return rows[0]?.content ?? null;
  }

  async write(workspaceId: string, path: string, content: string): Promise<void> {
    await this.db.query({
      name: "ags_file_write",
      text: `INSERT INTO workspace_files (file_workspace, path, content, updated_at) VALUES ($1, $2, $3, now())
             ON CONFLICT (file_workspace, path) DO UPDATE SET content = EXCLUDED.content, updated_at = now()`,
      values: [workspaceId, path, content],
    });
  }

  async list(workspaceId: string, prefix?: string): Promise<string[]> {
    const { rows } = await this.db.query<{ path: string }>({
      name: "ags_file_list",
      text: "SELECT path FROM workspace_files WHERE file_workspace = $1 AND ($2::text IS NULL OR starts_with(path, $2))",
      values: [workspaceId, prefix ?? null],
    });
    // Sorted here, as the memory workspace sorts (UTF-16 order), whatever the database collation.
    return rows.map((row) => row.path).sort();
  }
}
