/**
 * The catalog tools (HTTP, MCP) a run in a workspace may call: one
 * `ToolRunner` over the runners of every source in TOOL_SOURCES that has
 * tools in the workspace. Built once when the run starts.
 */
import type { ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";
import { TOOL_SOURCES, type SourceRunner } from "@/server/tools/tool-sources";

/** A run's tool runner, the secrets its tools hold, and how to release it. */
export interface WorkspaceTools {
  runner?: ToolRunner;
  secrets: string[];
  close(): Promise<void>;
}

/** One runner serving each name from the first source that has it (names are unique across the catalog). */
export function combineRunners(runners: readonly ToolRunner[]): ToolRunner {
  const owner = (name: string) => runners.find((runner) => runner.spec(name) !== null);
  return {
    spec: (name) => owner(name)?.spec(name) ?? null,
    run: (invocation, context) => {
      const runner = owner(invocation.name);
      if (!runner) return Promise.reject(new Error(`tool ${invocation.name} is not in this workspace's catalog`));
      return runner.run(invocation, context);
    },
  };
}

async function closeAll(sources: readonly SourceRunner[]): Promise<void> {
  await Promise.allSettled(sources.map((source) => source.close()));
}

export async function workspaceTools(db: PrismaClient, workspaceId: string): Promise<WorkspaceTools> {
  const settled = await Promise.allSettled(TOOL_SOURCES.map((source) => source.runner(db, workspaceId)));
  const sources = settled.flatMap((result) => (result.status === "fulfilled" && result.value ? [result.value] : []));
  const failure = settled.find((result) => result.status === "rejected");
  if (failure) {
    // One source failing fails the run's start; release what the others opened.
    await closeAll(sources);
    throw failure.reason;
  }
  if (sources.length === 0) return { secrets: [], close: async () => {} };
  return {
    runner: combineRunners(sources.map((source) => source.runner)),
    secrets: [...new Set(sources.flatMap((source) => source.secrets))],
    close: () => closeAll(sources),
  };
}
