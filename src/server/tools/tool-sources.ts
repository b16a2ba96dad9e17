/**
 * The workspace tool catalog: every tool a workspace's agents may be given
 * besides the built-in ones, from each source (HTTP tools, the chosen
 * tools of MCP servers). The compiler checks allow-lists against it, the
 * editor's tool checklist shows it, and a run calls its tools through one
 * `ToolRunner` built from every source.
 *
 * A source lives in its own file; `TOOL_SOURCES` below lists each one.
 */
import type { KnownTool } from "@/core/compiler/options";
import type { ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";
import { mcpToolSource } from "./mcp/mcp-tool-source";

/** One tool of the catalog, as the editor and the compiler see it. */
export interface CatalogTool {
  /** Unique in the workspace across sources; what graph documents reference. */
  name: string;
  kind: KnownTool["kind"];
  description: string;
  /** JSON schema (type "object") of the tool's arguments. */
  parameters: Record<string, unknown>;
  /** Where it comes from, in words ("HTTP tool", "MCP server docs-search"). */
  source: string;
}

/** What a source serves to one run. */
export interface SourceRunner {
  runner: ToolRunner;
  /** Secret values the source's tools hold (masked in stored events). */
  secrets: string[];
  close(): Promise<void>;
}

/** A kind of catalog tool. */
export interface ToolSource {
  kind: KnownTool["kind"];
  /** The source's tools in the workspace. */
  catalog(db: PrismaClient, workspaceId: string): Promise<CatalogTool[]>;
  /** A runner for one run, or null when the workspace has none of this source's tools. */
  runner(db: PrismaClient, workspaceId: string): Promise<SourceRunner | null>;
}

/** Every source, in catalog order. */
export const TOOL_SOURCES: ToolSource[] = [mcpToolSource];
