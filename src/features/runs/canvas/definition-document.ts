import { parseRuntimeDefinition } from "@/core/compiler/parse-runtime-definition";

import type { RunCanvasDocument } from "./flow-types";

/**
 * A canvas document from the definition a run ran (`runs.exportTrace`'s
 * `definition`: exactly its agents and handoffs, even when the draft changed
 * since), for `RunGraphCanvas` when no graph document is at hand. Agents the
 * root cannot reach are not in a definition, so they are not drawn. Null when
 * the value is not a definition this version reads.
 */
export function canvasDocumentFromDefinition(definition: unknown): RunCanvasDocument | null {
  let parsed;
  try {
    parsed = parseRuntimeDefinition(definition);
  } catch {
    return null;
  }
  const agents = Object.values(parsed.agents);
  return {
    rootAgentId: parsed.rootAgentId,
    agents: agents.map((agent) => ({ id: agent.id, name: agent.name })),
    handoffs: agents.flatMap((agent) =>
      agent.handoffs.map((handoff) => ({
        id: handoff.edgeId,
        from: agent.id,
        to: handoff.childId,
        toolName: handoff.toolName,
        execution: { mode: handoff.execution.mode },
      })),
    ),
  };
}
