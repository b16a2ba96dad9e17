/**
 * A workspace's whole tool catalog: the built-in tools every workspace has,
 * then each source's tools (TOOL_SOURCES). The editor's tool checklist lists
 * it and the compiler gets its non-built-in part as `knownTools`.
 */
import type { KnownTool } from "@/core/compiler/options";
import { BUILTIN_TOOLS } from "@/core/runtime/tools/builtin-registry";
import { BUILTIN_TOOL_NAMES } from "@/core/tools/builtin-tools";
import type { PrismaClient } from "@/generated/prisma/client";

import { TOOL_SOURCES, type CatalogTool } from "./tool-sources";

/** A catalog entry as the editor shows it. */
export interface CatalogEntry {
  name: string;
  kind: "builtin" | KnownTool["kind"];
  description: string;
  parameters: Record<string, unknown>;
  source: string;
}

/** The built-in tools, as catalog entries. */
export function builtinCatalog(): CatalogEntry[] {
  return BUILTIN_TOOL_NAMES.map((name) => {
    const spec = BUILTIN_TOOLS[name].spec;
    return { name, kind: "builtin", description: spec.description, parameters: spec.parameters, source: "Built-in" };
  });
}

/** Every source's tools in the workspace, in source order. */
export async function sourceCatalog(db: PrismaClient, workspaceId: string): Promise<CatalogTool[]> {
  const lists = await Promise.all(TOOL_SOURCES.map((source) => source.catalog(db, workspaceId)));
  return lists.flat();
}

/** Built-ins first, then every source's tools. */
export async function workspaceCatalog(db: PrismaClient, workspaceId: string): Promise<CatalogEntry[]> {
  return [...builtinCatalog(), ...(await sourceCatalog(db, workspaceId))];
}

/** The catalog's non-built-in tools as the compiler takes them (`CompileOptions.knownTools`). */
export async function knownToolsOf(db: PrismaClient, workspaceId: string): Promise<KnownTool[]> {
  return (await sourceCatalog(db, workspaceId)).map(({ name, kind, description }) => ({ name, kind, description }));
}
