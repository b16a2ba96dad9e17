import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { InvalidMigrationNameError } from "@/server/errors/invalid-migration-name-error";
import { createMigration } from "./create-migration";
import { applyMigrations } from "./migrations";
import { PRISMA_DIR, SNAPSHOT_FILE_NAME } from "./paths";
import { setupTestDatabase } from "./test-db";

const db = setupTestDatabase();
let work: string;
let schemaPath: string;
let migrationsDir: string;

beforeAll(async () => {
  // A copy: the real prisma/ folder must not change.
  work = await mkdtemp(path.join(os.tmpdir(), "ags-diff-"));
  await cp(PRISMA_DIR, work, { recursive: true });
  schemaPath = path.join(work, "schema.prisma");
  migrationsDir = path.join(work, "migrations");
});
afterAll(() => rm(work, { recursive: true, force: true }));

const folders = async () =>
  (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe("createMigration (npm run db:diff)", () => {
  it("reports no changes and writes nothing when the schema equals the snapshot", async () => {
    const before = await folders();
    const result = await createMigration({
      name: "nothing",
      schemaPath,
      migrationsDir,
      connectionString: db.connectionString,
    });
    expect(result).toEqual({ status: "no-changes" });
    expect(await folders()).toEqual(before);
  });

  it("writes a migration for an added model that applies after the others", async () => {
    const before = await folders();
    const schema = await readFile(schemaPath, "utf8");
    const changed = `${schema}\nmodel Note {\n  id   Int    @id @default(autoincrement())\n  body String\n\n  @@map("notes")\n}\n`;
    await writeFile(schemaPath, changed);

    const result = await createMigration({
      name: "add_notes",
      schemaPath,
      migrationsDir,
      connectionString: db.connectionString,
    });
    if (result.status !== "created") throw new Error(`expected a migration, got ${result.status}`);
    expect(result.sql).toContain('CREATE TABLE "notes"');
    expect(result.migrationName).toMatch(/^\d{14}_add_notes$/);
    expect(await folders()).toEqual([...before, result.migrationName]);
    expect(await readFile(path.join(migrationsDir, SNAPSHOT_FILE_NAME), "utf8")).toBe(changed);

    const again = await createMigration({
      name: "add_notes_again",
      schemaPath,
      migrationsDir,
      connectionString: db.connectionString,
    });
    expect(again.status).toBe("no-changes");

    const url = await db.server.createDatabase("fresh_diff");
    expect((await applyMigrations(url, { migrationsDir })).applied).toEqual([...before, result.migrationName]);
  });

  it("refuses a name that cannot be a folder suffix", async () => {
    for (const name of ["", "has-dash", "has space", "../escape", "9starts_with_digit"]) {
      await expect(
        createMigration({ name, schemaPath, migrationsDir, connectionString: db.connectionString }),
      ).rejects.toBeInstanceOf(InvalidMigrationNameError);
    }
  });
});
