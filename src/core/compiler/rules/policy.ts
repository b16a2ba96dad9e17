import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";

/**
 * A parent's handoff policy admits handoffs by tool name (seed 000 §8.3). A
 * compiled handoff tool its own parent's allowedTools omits, or deniedTools
 * lists, will be denied on every call: almost certainly a stale name. Only a
 * warning, since `onDenied: FALLBACK_TO_PRIMARY` may make that intentional.
 */
export function checkPolicyAdmission(analysis: GraphAnalysis): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const { edge, parent, toolName } of analysis.compiled) {
    const policy = parent.handoffPolicy;
    if (!policy.enabled) continue;
    const reason =
      policy.allowedTools !== null && !policy.allowedTools.includes(toolName)
        ? "tool is not in allowedTools"
        : policy.deniedTools?.includes(toolName)
          ? "tool is in deniedTools"
          : null;
    if (reason) {
      result.push(
        diagnostic(
          "policy_blocks_handoff",
          `the handoff policy of ${q(parent.id)} will deny every call of ${toolName} (edge ${q(edge.id)}): ${reason}; update the policy's tool names or remove the edge`,
          {
            nodeIds: [parent.id],
            edgeIds: [edge.id],
          },
        ),
      );
    }
  }
  return result;
}
