import { BUILTIN_TOOL_NAMES, TASK_TOOL_NAMES } from "../../tools/builtin-tools";
import type { CompiledEdge, GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import { agentLabel } from "../graph-index";
import { MAX_TOOL_NAME_LENGTH } from "../tool-names";

const BUILTIN = new Set<string>(BUILTIN_TOOL_NAMES);
const TASK = new Set<string>(TASK_TOOL_NAMES);

/**
 * Handoff tools share the parent model's tool list with its regular tools, so
 * within one parent every handoff tool name must be unique (AI4J throws
 * `duplicate subagent tool name`), must not be a built-in or task tool name
 * (reserved, whether or not the parent lists it), must not equal a tool on the
 * parent's allow-list, and must fit the providers' 64-character limit.
 */
export function checkHandoffToolNames(analysis: GraphAnalysis): Diagnostic[] {
  const result: Diagnostic[] = [];
  const byParent = new Map<string, CompiledEdge[]>();
  for (const compiled of analysis.compiled) {
    const list = byParent.get(compiled.parent.id);
    if (list) list.push(compiled);
    else byParent.set(compiled.parent.id, [compiled]);
  }
  for (const [parentId, edges] of byParent) {
    const parent = edges[0].parent;
    const regular = new Set(parent.tools);
    const byName = new Map<string, CompiledEdge[]>();
    for (const compiled of edges) {
      const list = byName.get(compiled.toolName);
      if (list) list.push(compiled);
      else byName.set(compiled.toolName, [compiled]);
    }
    for (const [name, same] of byName) {
      if (same.length > 1) {
        const children = same
          .map((c) => `${agentLabel(analysis.index, c.child.id)} via edge ${q(c.edge.id)}`)
          .join(" and ");
        result.push(
          diagnostic(
            "duplicate_subagent_tool_name",
            `duplicate subagent tool name: ${name} — ${agentLabel(analysis.index, parentId)} would get it twice, for ${children}; set a distinct toolName on one of the edges or rename a child`,
            {
              nodeIds: [parentId, ...same.map((c) => c.child.id)],
              edgeIds: same.map((c) => c.edge.id),
            },
          ),
        );
      }
      const clash = BUILTIN.has(name)
        ? "a built-in tool"
        : TASK.has(name)
          ? "a task tool"
          : regular.has(name)
            ? `a regular tool of ${agentLabel(analysis.index, parentId)}`
            : null;
      if (clash) {
        result.push(
          diagnostic(
            "handoff_tool_name_collision",
            `handoff tool name ${name} (edge ${q(same[0].edge.id)} → ${agentLabel(analysis.index, same[0].child.id)}) is also the name of ${clash}; set another toolName on the edge`,
            {
              nodeIds: [parentId, same[0].child.id],
              edgeIds: same.map((c) => c.edge.id),
            },
          ),
        );
      }
      if (name.length > MAX_TOOL_NAME_LENGTH) {
        result.push(
          diagnostic(
            "tool_name_too_long",
            `handoff tool name ${name} has ${name.length} characters; model providers accept at most ${MAX_TOOL_NAME_LENGTH} — set a shorter toolName on the edge or shorten the child's name`,
            {
              nodeIds: [same[0].child.id],
              edgeIds: same.map((c) => c.edge.id),
            },
          ),
        );
      }
    }
  }
  return result;
}
