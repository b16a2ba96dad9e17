import type { ModelChain } from "../../models/model-ref";
import type { GraphAnalysis } from "../analysis";
import type { Diagnostic } from "../../diagnostics/diagnostic-schema";
import { diagnostic, q } from "../../diagnostics/diagnostics";
import type { DiagnosticLocation } from "../../diagnostics/diagnostics";
import { agentModelChain, edgeModelChain } from "../model-chain";
import type { CompileOptions } from "../options";

/**
 * Unknown models (only when the workspace's models are given; the offline
 * `scripted` provider is always known) in every chain of the document.
 */
export function checkKnownModels(analysis: GraphAnalysis, options: CompileOptions): Diagnostic[] {
  if (!options.knownModels) return [];
  const known = new Set(options.knownModels.map((m) => `${m.provider}\u0000${m.model}`));
  const isKnown = (provider: string, model: string) =>
    provider === "scripted" || known.has(`${provider}\u0000${model}`) || known.has(`${provider}\u0000*`);
  const result: Diagnostic[] = [];
  const check = (chain: ModelChain | undefined, path: string, owner: string, at: DiagnosticLocation) => {
    chain?.forEach((ref, i) => {
      if (isKnown(ref.provider, ref.model)) return;
      result.push(
        diagnostic(
          "unknown_model",
          `${owner} uses the unknown model ${ref.provider}:${ref.model}; add it (and its provider credentials) in Settings, or pick a model the workspace knows`,
          {
            ...at,
            path: `${path}.${i}`,
          },
        ),
      );
    });
  };
  const { settings, agents, handoffs } = analysis.index.document;
  check(settings.defaultModelChain, "settings.defaultModelChain", "the graph's default model chain", {});
  check(
    settings.defaultSubagentModelChain,
    "settings.defaultSubagentModelChain",
    "the graph's default sub-agent model chain",
    {},
  );
  agents.forEach((agent, i) =>
    check(agent.modelChain, `agents.${i}.modelChain`, `agent ${q(agent.id)}`, { nodeIds: [agent.id] }),
  );
  handoffs.forEach((edge, i) =>
    check(edge.modelChain, `handoffs.${i}.modelChain`, `handoff edge ${q(edge.id)}`, { edgeIds: [edge.id] }),
  );
  return result;
}

/**
 * Agents that will run with no model from the whole priority chain (own,
 * edge override, graph defaults) fall back to the environment default; one
 * warning lists them all, since a graph without defaults would otherwise get
 * one warning per agent.
 */
export function checkEmptyModelChains(analysis: GraphAnalysis): Diagnostic[] {
  const { index, rootId } = analysis;
  if (rootId === null) return [];
  const { settings } = index.document;
  const affected = new Set<string>();
  if (agentModelChain(index.agents.get(rootId)!, true, settings).length === 0) affected.add(rootId);
  for (const { edge, child } of analysis.compiled) {
    if (edgeModelChain(edge, child, settings).length === 0) affected.add(child.id);
  }
  if (affected.size === 0) return [];
  const ids = [...affected];
  const listed = ids.slice(0, 10).map(q).join(", ") + (ids.length > 10 ? `, … (${ids.length} in all)` : "");
  const subject = ids.length === 1 ? `agent ${listed} has` : `${ids.length} agents have`;
  const detail = ids.length === 1 ? "" : ` (${listed})`;
  return [
    diagnostic(
      "uses_environment_default_model",
      `${subject} no model chain and the graph sets no default${detail}: ${ids.length === 1 ? "it" : "they"} will use the environment default model`,
      {
        nodeIds: ids,
      },
    ),
  ];
}
