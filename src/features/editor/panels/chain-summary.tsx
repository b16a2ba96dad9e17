"use client";

import { Lock } from "lucide-react";

import type { ModelChain } from "@/core/models/model-ref";

import type { ExplainedChain } from "./chain-source";
import styles from "./panels.module.css";
import { priceLabel } from "./prices";

const SOURCE_TITLES: Record<ExplainedChain["source"], string> = {
  edge: "edge override",
  own: "own chain",
  "subagent-default": "graph default sub-agent chain",
  "graph-default": "graph default chain",
  environment: "environment default",
};

/** A chain shown read-only, each model with its price. */
export function ChainList({ chain, label }: { chain: ModelChain; label: string }) {
  if (chain.length === 0) return <p className={styles.muted}>The environment default model.</p>;
  return (
    <ol className={styles.list} aria-label={label}>
      {chain.map((ref, index) => (
        <li key={index} className={styles.readOnlyItem}>
          <span className={styles.badge}>{index === 0 ? "Primary" : `Fallback ${index}`}</span>
          <code>
            {ref.provider}:{ref.model}
          </code>
          {ref.provider === "scripted" ? (
            <span className={`${styles.badge} ${styles.badgeWarning}`}>Simulated</span>
          ) : null}
          <span className={styles.muted}>{priceLabel(ref.provider, ref.model)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The chain that applies and where it comes from, read-only (edit it where it is defined). */
export function EffectiveChain({ explained, title }: { explained: ExplainedChain; title: string }) {
  return (
    <div className={styles.readOnly} role="group" aria-label={title}>
      <div className={styles.readOnlyItem}>
        <Lock size={13} aria-hidden />
        <strong>{title}</strong>
        <span className={`${styles.badge} ${styles.badgeAccent}`}>{SOURCE_TITLES[explained.source]}</span>
      </div>
      <p className={styles.help}>{explained.sentence}</p>
      <ChainList chain={explained.chain} label={`${title} models`} />
    </div>
  );
}
