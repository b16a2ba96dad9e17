"use client";

import { AlertTriangle, CircleX, Info } from "lucide-react";

import type { CompileResult, Diagnostic } from "@/core/compiler";

import styles from "./panels.module.css";

/** The compiler's diagnostics about one agent or edge (the panels never re-check its rules). */
export function diagnosticsFor(compiled: CompileResult | null, kind: "agent" | "edge", id: string): Diagnostic[] {
  if (!compiled) return [];
  return compiled.diagnostics.filter((d) => (kind === "agent" ? d.nodeIds : d.edgeIds)?.includes(id));
}

const ICONS = { error: CircleX, warning: AlertTriangle, info: Info } as const;

/** The compiler's verdict on the selection, at the top of its panel. */
export function SelectionDiagnostics({ diagnostics }: { diagnostics: Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Problems with this selection">
      {diagnostics.map((diagnostic, index) => {
        const Icon = ICONS[diagnostic.severity];
        const tone =
          diagnostic.severity === "error"
            ? styles.badgeDanger
            : diagnostic.severity === "warning"
              ? styles.badgeWarning
              : styles.badgeAccent;
        return (
          <li key={index} className={`${styles.diagnostic} ${tone}`}>
            <Icon size={14} aria-hidden />
            <span>
              <span className="visually-hidden">{diagnostic.severity}: </span>
              <code>{diagnostic.code}</code> {diagnostic.message}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
