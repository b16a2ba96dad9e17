import type { ModelChain } from "../../models/model-ref";
import { scriptProblems } from "../../models/compile-script";
import { userRegexProblem } from "../../patterns/user-regex";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q, type DiagnosticLocation } from "../../diagnostics/diagnostics";
import type { GraphIndex } from "../graph-index";

/**
 * Regular expressions the document holds — input-filter redact patterns and
 * scripted-model rules — must compile on RE2 (the engine that runs them, see
 * `patterns/user-regex.ts`); otherwise the run would fail only when it gets
 * there. One `invalid_regex` error per pattern, with its JSON path.
 */
export function checkPatterns(index: GraphIndex): Diagnostic[] {
  const result: Diagnostic[] = [];
  const { settings, agents, handoffs } = index.document;
  const checkChain = (chain: ModelChain | undefined, path: string, owner: string, at: DiagnosticLocation) => {
    chain?.forEach((ref, i) => {
      if (ref.provider !== "scripted") return;
      for (const problem of scriptProblems(ref.script)) {
        const where = `${path}.${i}.script.rules.${problem.ruleIndex}.match`;
        result.push(
          diagnostic("invalid_regex", `${where}: ${owner}'s scripted model ${problem.message}`, {
            ...at,
            path: where,
          }),
        );
      }
    });
  };
  checkChain(settings.defaultModelChain, "settings.defaultModelChain", "the graph's default chain", {});
  checkChain(
    settings.defaultSubagentModelChain,
    "settings.defaultSubagentModelChain",
    "the sub-agent default chain",
    {},
  );
  agents.forEach((agent, i) => {
    const at = { nodeIds: [agent.id] };
    checkChain(agent.modelChain, `agents.${i}.modelChain`, `agent ${q(agent.id)}`, at);
    agent.handoffPolicy.inputFilter?.redact.forEach((rule, j) => {
      const problem = userRegexProblem(rule.pattern, rule.flags);
      if (problem === null) return;
      const where = `agents.${i}.handoffPolicy.inputFilter.redact.${j}.pattern`;
      result.push(
        diagnostic("invalid_regex", `${where}: agent ${q(agent.id)}'s input filter has an ${problem}`, {
          ...at,
          path: where,
        }),
      );
    });
  });
  handoffs.forEach((edge, i) =>
    checkChain(edge.modelChain, `handoffs.${i}.modelChain`, `handoff edge ${q(edge.id)}`, { edgeIds: [edge.id] }),
  );
  return result;
}
