import { Asterisk, Server, Sparkles } from "lucide-react";

import type { ProviderKind } from "@/core/providers/provider-input";

import styles from "./providers.module.css";

const ICONS = { openai: Sparkles, anthropic: Asterisk, openai_compatible: Server } as const;

/** A provider kind's icon in a tinted square (decorative: the kind is also written out). */
export function KindIcon({ kind }: { kind: ProviderKind }) {
  const Icon = ICONS[kind];
  return (
    <span className={styles.kindIcon} data-kind={kind} aria-hidden="true">
      <Icon size={18} />
    </span>
  );
}
