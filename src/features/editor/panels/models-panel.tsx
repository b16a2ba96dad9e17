"use client";

import type { AgentNode } from "@/core/graph/schema";

import { edgeOverridesInto, explainAgentChain } from "./chain-source";
import { ChainList, EffectiveChain } from "./chain-summary";
import { updateAgent } from "./document-updates";
import { HELP } from "./field-help";
import { ModelChainEditor } from "./model-chain-editor";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";

/** An agent's own fallback chain, the chain it really runs with, and the edges that override it. */
export function ModelsPanel({ agent, document, onChange, onSelect }: PanelProps & { agent: AgentNode }) {
  const explained = explainAgentChain(document, agent.id);
  const overrides = edgeOverridesInto(document, agent.id);
  return (
    <div className={styles.section}>
      <p className={styles.help}>{HELP.models.chain}</p>
      {explained && explained.source !== "own" ? (
        <EffectiveChain explained={explained} title="Effective chain" />
      ) : null}
      <h3 className={styles.sectionTitle}>Own chain</h3>
      <p className={styles.sectionNote}>
        {agent.modelChain.length === 0
          ? "Empty: this agent inherits the chain above. Add a model to give it its own."
          : "Used whenever this agent runs, except through an edge with its own override."}
      </p>
      <ModelChainEditor
        chain={agent.modelChain}
        title="model chain"
        onCommit={(chain, label) => onChange(updateAgent(document, agent.id, { modelChain: chain }), label)}
      />
      {overrides.length > 0 ? (
        <>
          <h3 className={styles.sectionTitle}>Edge overrides</h3>
          <p className={styles.sectionNote}>
            Called through these edges, this agent runs with the edge&apos;s chain instead.
          </p>
          {overrides.map((override) => (
            <div key={override.edgeId} className={styles.readOnly}>
              <div className={styles.readOnlyItem}>
                From {override.parentName}, edge
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => onSelect({ kind: "edge", id: override.edgeId })}
                >
                  {override.edgeId}
                </button>
              </div>
              <ChainList chain={override.chain} label={`Override on edge ${override.edgeId}`} />
            </div>
          ))}
        </>
      ) : null}
    </div>
  );
}
