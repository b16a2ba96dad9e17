/**
 * The catalog tools (HTTP, MCP) a run in a workspace may call: one
 * `ToolRunner` over every source of `TOOL_SOURCES`, the secrets their tools
 * hold, and one `close` that releases them all (MCP connections) when the
 * run ends.
 */
import type { ToolRunner } from "@/core/runtime/ports";
import type { PrismaClient } from "@/generated/prisma/client";
import { type SourceRunner, TOOL_SOURCES } from "@/server/tools/tool-sources";

/** A run's tool runner, the secrets its tools hold, and how to release it. */
export interface WorkspaceTools {
  runner?: ToolRunner;
  secrets: string[];
  close(): Promise<void>;
}

/** The runners of every source with tools in `workspaceId`, as one. */
export async function workspaceTools(db: PrismaClient, workspaceId: string): Promise<WorkspaceTools> {
  const runners: SourceRunner[] = [];
  const closeAll = async () => {
    await Promise.all(runners.map((source) => source.close().catch(() => {})));
  };
  try {
    for (const source of TOOL_SOURCES) {
      const runner = await source.runner(db, workspaceId);
      if (runner) runners.push(runner);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  if (runners.length === 0) return { secrets: [], close: async () => {} };
  const owner = (name: string) => runners.find((source) => source.runner.spec(name) !== null);
  return {
    runner: {
      spec: (name) => owner(name)?.runner.spec(name) ?? null,
      run: (invocation, context) => {
        const source = owner(invocation.name);
        if (!source) return Promise.reject(new Error(`${invocation.name} is not a tool of this workspace`));
        return source.runner.run(invocation, context);
      },
    },
    secrets: [...new Set(runners.flatMap((source) => source.secrets))],
    close: closeAll,
  };
}
