import { BUILTIN_TOOL_NAMES, TASK_TOOL_NAMES } from "../../tools/builtin-tools";
import type { GraphIndex } from "../graph-index";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import type { CompileOptions } from "../options";

const BUILTIN = new Set<string>(BUILTIN_TOOL_NAMES);
const TASK = new Set<string>(TASK_TOOL_NAMES);

/**
 * Tool references: the document's own tool list must have unique names that
 * do not shadow built-ins, and every allow-list entry must be a built-in, a
 * tool of the document, or a tool of the workspace catalog. Checked on every
 * agent, reachable or not: a dangling name is wrong wherever it is.
 */
export function checkTools(index: GraphIndex, options: CompileOptions): Diagnostic[] {
  const result: Diagnostic[] = [];
  const { tools, agents } = index.document;
  const catalog = options.knownTools ? new Set(options.knownTools.map((t) => t.name)) : null;
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    const path = `tools.${i}.name`;
    if (seen.has(tool.name))
      result.push(
        diagnostic("duplicate_tool_ref", `tools.${i}: the tool ${tool.name} is declared twice; keep one entry`, {
          path,
        }),
      );
    seen.add(tool.name);
    if (BUILTIN.has(tool.name) || TASK.has(tool.name)) {
      const kind = BUILTIN.has(tool.name) ? "built-in" : "task";
      result.push(
        diagnostic(
          "tool_ref_shadows_builtin",
          `tools.${i}: ${tool.name} is the name of a ${kind} tool; give the ${tool.kind} tool another name`,
          { path },
        ),
      );
    } else if (catalog && !catalog.has(tool.name)) {
      result.push(
        diagnostic(
          "tool_not_in_catalog",
          `tools.${i}: ${tool.name} is not in this workspace's tool catalog; add it in Settings → Tools before running the graph`,
          { path },
        ),
      );
    }
  });
  agents.forEach((agent, i) => {
    agent.tools.forEach((name, j) => {
      if (BUILTIN.has(name) || index.toolRefs.has(name) || catalog?.has(name)) return;
      const hint = TASK.has(name)
        ? "task tools are given to main and orchestrator agents automatically; remove it from the list"
        : "it is not a built-in tool, not in the graph's tools and not in the workspace catalog — check the spelling or add the tool";
      result.push(
        diagnostic("unknown_tool", `agent ${q(agent.id)} allows the unknown tool ${name}: ${hint}`, {
          nodeIds: [agent.id],
          path: `agents.${i}.tools.${j}`,
        }),
      );
    });
  });
  return result;
}
