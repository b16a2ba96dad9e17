/**
 * Loads Prisma's schema engine compiled to WebAssembly and opens it on a
 * PostgreSQL connection through the pg driver adapter. This is what lets us
 * diff schemas and apply migrations with no native engine download.
 *
 * Node 20 cannot `import` a `.wasm` file as an ES module, so the engine's
 * wasm-bindgen glue is wired to a manually instantiated module instead.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";

type EngineModule = typeof bg;

/** A schema engine plus the pool it talks through; `close` releases both. */
export interface OpenSchemaEngine {
  engine: SchemaEngine;
  close(): Promise<void>;
}

/** Name the engine reports in errors about the schema text. */
export const SCHEMA_FILE_NAME = "schema.prisma";

let loading: Promise<EngineModule> | undefined;

/** Instantiates the engine's WebAssembly once per process. */
function loadEngineModule(): Promise<EngineModule> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
    const compiled = await WebAssembly.compile(bytes);
    const instance = await WebAssembly.instantiate(compiled, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start(): void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return bg;
  })();
  return loading;
}

/**
 * Opens the schema engine for `schemaText` on the database at
 * `connectionString`. The engine connects at once (it reads the server's
 * version), so even a schema-to-schema diff needs a live server.
 */
export async function openSchemaEngine(
  connectionString: string,
  schemaText: string,
  onLog: (line: string) => void = () => {},
): Promise<OpenSchemaEngine> {
  const { SchemaEngine } = await loadEngineModule();
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on("error", () => {}); // idle-client errors surface on the next query instead
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
  try {
    const engine = await SchemaEngine.new(
      { datamodels: [[SCHEMA_FILE_NAME, schemaText]] },
      (line: string) => onLog(line),
      adapter,
    );
    return {
      engine,
      async close() {
        engine.free();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
