/**
 * What the server's compiles (graphs.compile, versions.create, runs.start
 * on a draft) know about the workspace beyond the document: its tool
 * catalog, so an allow-list naming a tool the workspace does not have is an
 * `unknown_tool` error before anything runs.
 */
import type { CompileOptions } from "@/core/compiler/options";
import type { PrismaClient } from "@/generated/prisma/client";
import { knownToolsOf } from "@/server/tools/tool-catalog";

export async function workspaceCompileOptions(db: PrismaClient, workspaceId: string): Promise<CompileOptions> {
  return { knownTools: await knownToolsOf(db, workspaceId) };
}
