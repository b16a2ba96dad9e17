import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import type { GraphIndex } from "../graph-index";

/**
 * The graph needs exactly one main agent: `rootAgentId` must name an agent,
 * and that agent must be allowed to run as the main agent (mode `all` or
 * `primary`). Returns the usable root id (null when there is none).
 */
export function checkRoot(index: GraphIndex): { rootId: string | null; diagnostics: Diagnostic[] } {
  const { document } = index;
  if (document.agents.length === 0) {
    return {
      rootId: null,
      diagnostics: [
        diagnostic("missing_root", "the graph has no agents: add the main agent and set rootAgentId to its id", {
          path: "agents",
        }),
      ],
    };
  }
  const root = index.agents.get(document.rootAgentId);
  if (!root) {
    const ids = [...index.agents.keys()];
    const known = ids.slice(0, 10).map(q).join(", ") + (ids.length > 10 ? `, … (${ids.length} in all)` : "");
    return {
      rootId: null,
      diagnostics: [
        diagnostic(
          "root_not_found",
          `rootAgentId ${q(document.rootAgentId)} names no agent of this graph; pick the main agent among ${known}`,
          {
            path: "rootAgentId",
          },
        ),
      ],
    };
  }
  if (root.mode === "subagent") {
    return {
      rootId: root.id,
      diagnostics: [
        diagnostic(
          "root_is_subagent",
          `the root agent ${q(root.id)} has mode "subagent", which only allows it to be delegated to; set its mode to "all" or "primary", or choose another root`,
          {
            nodeIds: [root.id],
          },
        ),
      ],
    };
  }
  return { rootId: root.id, diagnostics: [] };
}
