import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import { GRAPH_SCHEMA_VERSION } from "./schema";

/** A JSON object as read from a file, before the schema has checked it. */
export type RawDocument = Record<string, unknown>;

/**
 * One step of the upgrade path: turns a raw document of version `from` into
 * one of version `from + 1`. Migrations run before schema validation, on
 * plain JSON, and must not mutate their input (they get a private copy anyway).
 * The runner sets `schemaVersion` afterwards, so a migration only moves data.
 */
export interface GraphMigration {
  from: number;
  /** What changed, shown in the `document_migrated` diagnostic. */
  description: string;
  migrate(document: RawDocument): RawDocument;
}

/**
 * The registry of migrations, oldest first. Version 1 is the first published
 * format, so it is empty. Shipping v2 = bump GRAPH_SCHEMA_VERSION, change the
 * schema, and add `{ from: 1, description, migrate }` here, plus a v1 fixture
 * test that proves old documents still load.
 */
export const GRAPH_MIGRATIONS: readonly GraphMigration[] = [];

/** Which migrations to run and which version they lead to (injectable for tests). */
export interface MigrationOptions {
  migrations?: readonly GraphMigration[];
  currentVersion?: number;
}

export type MigrationResult =
  | { ok: true; document: RawDocument; migratedFrom: number | null; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Brings a raw document to the current schema version, or explains why it
 * cannot: no version, a version that is not a number, a version newer than
 * this build, or an old version with no migration path.
 */
export function migrateGraphDocument(raw: unknown, options: MigrationOptions = {}): MigrationResult {
  const migrations = options.migrations ?? GRAPH_MIGRATIONS;
  const current = options.currentVersion ?? GRAPH_SCHEMA_VERSION;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    const kind = raw === null ? "null" : Array.isArray(raw) ? "an array" : `a ${typeof raw}`;
    return fail(diagnostic("invalid_document", `a graph document must be a JSON object, but this is ${kind}`));
  }
  const document = raw as RawDocument;
  const version = document.schemaVersion;
  if (version === undefined) {
    return fail(
      diagnostic(
        "missing_schema_version",
        `schemaVersion: the document has no "schemaVersion"; documents of this build start with "schemaVersion": ${current}`,
        {
          path: "schemaVersion",
        },
      ),
    );
  }
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return fail(
      diagnostic(
        "invalid_schema_version",
        `schemaVersion: must be a whole number such as ${current}, but is ${JSON.stringify(version)}`,
        {
          path: "schemaVersion",
        },
      ),
    );
  }
  if (version > current) {
    return fail(
      diagnostic(
        "unsupported_schema_version",
        `schemaVersion: the document is version ${version}, but this build of Agent Graph Studio reads versions up to ${current}; open it with a newer build`,
        { path: "schemaVersion" },
      ),
    );
  }
  if (version === current) return { ok: true, document, migratedFrom: null, diagnostics: [] };
  return runMigrations(document, version, current, migrations);
}

function runMigrations(
  document: RawDocument,
  from: number,
  current: number,
  migrations: readonly GraphMigration[],
): MigrationResult {
  const byVersion = new Map(migrations.map((m) => [m.from, m]));
  // Migrations get a private plain-JSON copy, so a careless one cannot change the caller's object.
  let doc = JSON.parse(JSON.stringify(document)) as RawDocument;
  const steps: string[] = [];
  for (let version = from; version < current; version++) {
    const migration = byVersion.get(version);
    if (!migration) {
      return fail(
        diagnostic(
          "unsupported_schema_version",
          `schemaVersion: there is no migration from version ${version} to version ${version + 1}; this build reads versions ${firstReadable(byVersion, current)}–${current}`,
          {
            path: "schemaVersion",
          },
        ),
      );
    }
    try {
      doc = { ...migration.migrate(doc), schemaVersion: version + 1 };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return fail(
        diagnostic(
          "migration_failed",
          `migrating the document from version ${version} to ${version + 1} failed: ${reason}`,
          { path: "schemaVersion" },
        ),
      );
    }
    steps.push(`v${version} → v${version + 1}: ${migration.description}`);
  }
  return {
    ok: true,
    document: doc,
    migratedFrom: from,
    diagnostics: [
      diagnostic(
        "document_migrated",
        `the document was migrated from version ${from} to ${current} (${steps.join("; ")}); save it to keep the new format`,
      ),
    ],
  };
}

/** The oldest version from which an unbroken chain of migrations reaches `current`. */
function firstReadable(byVersion: Map<number, GraphMigration>, current: number): number {
  let version = current;
  while (byVersion.has(version - 1)) version--;
  return version;
}

function fail(d: Diagnostic): MigrationResult {
  return { ok: false, diagnostics: [d] };
}
