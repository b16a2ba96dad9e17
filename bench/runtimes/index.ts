import { isPeerId, type BenchRuntime, type LoadedRuntime, type PeerId, type RuntimeId } from "./types";

const LABELS: Record<RuntimeId, string> = {
  ours: "ours",
  "ours-tuned": "ours (tuned)",
  "openai-agents": "@openai/agents",
  langgraph: "LangGraph.js",
  mastra: "Mastra",
};

export function runtimeLabel(id: RuntimeId): string {
  return LABELS[id];
}

/**
 * Loads a peer adapter (`peers/<id>.ts`). The specifier is a template literal
 * on purpose: the peers live in the bench's own package (bench/node_modules,
 * installed by `npm run bench`), so the root `tsc` must not follow this import
 * into files whose types exist only after that install (bench/tsconfig.json
 * checks them); esbuild still bundles every `peers/*.ts` (glob import).
 */
async function loadPeer(id: PeerId): Promise<BenchRuntime> {
  const adapter = (await import(`./peers/${id}.ts`)) as { load(): Promise<BenchRuntime> };
  return adapter.load();
}

/** Loads one runtime adapter; a runtime that cannot load is reported, not fatal. */
export async function loadRuntime(id: RuntimeId): Promise<LoadedRuntime> {
  try {
    if (isPeerId(id)) return await loadPeer(id);
    return await (await import("./ours")).load(id);
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { id, label: LABELS[id], unavailable: message };
  }
}
