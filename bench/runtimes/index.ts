import type { LoadedRuntime, RuntimeId } from "./types";

const LABELS: Record<RuntimeId, string> = {
  ours: "ours",
  "openai-agents": "@openai/agents",
  langgraph: "LangGraph.js",
  mastra: "Mastra",
};

export function runtimeLabel(id: RuntimeId): string {
  return LABELS[id];
}

/** Loads one runtime adapter; a runtime that cannot load is reported, not fatal. */
export async function loadRuntime(id: RuntimeId): Promise<LoadedRuntime> {
  try {
    switch (id) {
      case "ours":
        return await (await import("./ours")).load();
      case "openai-agents":
        return await (await import("./openai-agents")).load();
      case "langgraph":
        return await (await import("./langgraph")).load();
      case "mastra":
        return await (await import("./mastra")).load();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { id, label: LABELS[id], unavailable: message };
  }
}
