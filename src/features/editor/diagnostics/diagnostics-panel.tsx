"use client";

import { AlertTriangle, CheckCircle2, CircleX, HelpCircle, Info, type LucideIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useMemo } from "react";

import type { CostEstimate } from "@/core/analysis";
import type { CompileResult, DiagnosticSeverity } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";

import type { Selection } from "../selection";
import styles from "./diagnostics-panel.module.css";
import { collectProblems, formatCount, formatUsd, type Problem } from "./problems";

export interface DiagnosticsPanelProps {
  document: GraphDocument;
  /**
   * The editor's compile result; null makes the panel use `checkDocument` on
   * `document` (the same diagnostics without building and hashing the
   * definition — the fast path for every keystroke, shared with problemsByTarget).
   */
  compiled: CompileResult | null;
  /** Select and focus the offending agent/edge. */
  onFocus: (selection: Selection) => void;
}

const GROUPS: { severity: DiagnosticSeverity; title: string; icon: LucideIcon }[] = [
  { severity: "error", title: "Errors", icon: CircleX },
  { severity: "warning", title: "Warnings", icon: AlertTriangle },
  { severity: "info", title: "Findings", icon: Info },
];

const SEVERITY_NAME: Record<DiagnosticSeverity, string> = { error: "Error", warning: "Warning", info: "Finding" };

/**
 * The Problems panel: the compiler's diagnostics and the static analysis's
 * findings grouped by severity with counts, each naming its agent or edge;
 * clicking one (or Enter) selects and focuses it. Below them, the worst-case
 * cost of one run with how it is estimated.
 */
export function DiagnosticsPanel({ document, compiled, onFocus }: DiagnosticsPanelProps) {
  // One check gives the findings and the cost, both priced from the workspace's table once it has
  // loaded (the editor sets it; `compiled` changes when it does).
  const { problems, counts, analysis } = useMemo(() => collectProblems(document, compiled), [document, compiled]);
  const cost = analysis.cost;
  const total = counts.error + counts.warning + counts.info;

  return (
    <section className={styles.panel} aria-labelledby="problems-title">
      <header className={styles.header}>
        <h2 id="problems-title" className={styles.title}>
          Problems
        </h2>
        <div className={styles.counts} aria-label="Problem counts">
          <span className={styles.count} data-severity="error">
            <CircleX aria-hidden="true" size={14} />
            {counts.error} <span className="visually-hidden">{counts.error === 1 ? "error" : "errors"}</span>
          </span>
          <span className={styles.count} data-severity="warning">
            <AlertTriangle aria-hidden="true" size={14} />
            {counts.warning} <span className="visually-hidden">{counts.warning === 1 ? "warning" : "warnings"}</span>
          </span>
          <span className={styles.count} data-severity="info">
            <Info aria-hidden="true" size={14} />
            {counts.info} <span className="visually-hidden">{counts.info === 1 ? "finding" : "findings"}</span>
          </span>
        </div>
      </header>

      <div className={styles.body}>
        {total === 0 ? (
          <p className={styles.empty} role="status">
            <CheckCircle2 aria-hidden="true" size={18} />
            No problems — this graph compiles
          </p>
        ) : (
          <>
            {counts.error === 0 && (
              <p className={styles.compiles} role="status">
                <CheckCircle2 aria-hidden="true" size={16} />
                This graph compiles{counts.warning > 0 ? "; warnings do not block a version" : ""}
              </p>
            )}
            {GROUPS.map(({ severity, title, icon }) => {
              const items = problems.filter((p) => p.diagnostic.severity === severity);
              if (items.length === 0) return null;
              return (
                <div key={severity} className={styles.group}>
                  <h3 className={styles.groupTitle} id={`problems-${severity}`}>
                    {title} <span className={styles.groupCount}>{items.length}</span>
                  </h3>
                  <ul className={styles.list} aria-labelledby={`problems-${severity}`}>
                    {items.map((problem) => (
                      <ProblemRow key={problem.key} problem={problem} icon={icon} onFocus={onFocus} />
                    ))}
                  </ul>
                </div>
              );
            })}
          </>
        )}
        <CostSummary cost={cost} />
      </div>
    </section>
  );
}

function ProblemRow({
  problem,
  icon: Icon,
  onFocus,
}: {
  problem: Problem;
  icon: LucideIcon;
  onFocus: (selection: Selection) => void;
}) {
  const { diagnostic, target, targetLabel, finding } = problem;
  const where = target.kind === "graph" ? targetLabel : `${target.kind === "agent" ? "Agent" : "Edge"} ${targetLabel}`;
  return (
    <li>
      <button
        type="button"
        className={styles.item}
        data-severity={diagnostic.severity}
        data-code={diagnostic.code}
        onClick={() => onFocus(target)}
      >
        <Icon aria-hidden="true" size={15} className={styles.itemIcon} />
        <span className={styles.itemText}>
          <span className={styles.itemTarget}>
            <span className="visually-hidden">{SEVERITY_NAME[diagnostic.severity]}: </span>
            {where}
          </span>
          <span className={styles.itemMessage}>{diagnostic.message}</span>
          <span className={styles.itemCode}>
            {diagnostic.code}
            {finding ? " · static analysis" : ""}
          </span>
        </span>
      </button>
    </li>
  );
}

const BOUND_NAME: Record<NonNullable<CostEstimate["boundedBy"]>, string> = {
  maxSteps: "the maxSteps budget",
  maxCostUsd: "the maxCostUsd budget",
  maxTokens: "the maxTokens budget",
};

function CostSummary({ cost }: { cost: CostEstimate }) {
  const top = cost.agents.slice(0, 5);
  return (
    <section className={styles.cost} aria-labelledby="worst-case-cost-title">
      <div className={styles.costHead}>
        <h3 id="worst-case-cost-title" className={styles.groupTitle}>
          Worst-case cost
        </h3>
        <Popover.Root>
          <Popover.Trigger className={styles.howButton}>
            <HelpCircle aria-hidden="true" size={14} />
            How is this estimated?
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              className={styles.popover}
              side="top"
              align="end"
              sideOffset={6}
              collisionPadding={12}
              aria-labelledby="worst-case-cost-how"
              // It scrolls when the breakdown is long: focusable, so the keyboard can scroll it too.
              tabIndex={0}
            >
              <h4 id="worst-case-cost-how" className={styles.popoverTitle}>
                How the worst case is estimated
              </h4>
              <ul className={styles.assumptions}>
                {cost.assumptions.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
              {top.length > 0 && (
                <table className={styles.breakdown}>
                  <caption className={styles.breakdownCaption}>Most expensive agents (before budgets)</caption>
                  <thead>
                    <tr>
                      <th scope="col">Agent</th>
                      <th scope="col">Runs</th>
                      <th scope="col">Calls</th>
                      <th scope="col">Model</th>
                      <th scope="col">Cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {top.map((row) => (
                      <tr key={row.agentId}>
                        <th scope="row">{row.name}</th>
                        <td>{formatCount(row.runs)}</td>
                        <td>{formatCount(row.modelCalls)}</td>
                        <td>{row.model ?? "environment default"}</td>
                        <td>{formatUsd(row.costUsd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <Popover.Arrow className={styles.popoverArrow} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <p className={styles.costFigure} data-testid="worst-case-cost">
        <span className="visually-hidden">Worst-case cost of one run: </span>
        {cost.costUsd === null ? (
          <>
            Unknown
            <span className={styles.costNote}>
              {" "}
              — no price for {cost.unpricedModels.join(", ")}; priced part {formatUsd(cost.pricedCostUsd)}
            </span>
          </>
        ) : (
          formatUsd(cost.costUsd)
        )}
      </p>
      <p className={styles.costNote}>
        {formatCount(cost.modelCalls)} model {cost.modelCalls === 1 ? "call" : "calls"} at most
        {cost.boundedBy ? `, bounded by ${BOUND_NAME[cost.boundedBy]}` : ""}
        {cost.boundedBy && cost.unboundedCostUsd !== null ? ` (${formatUsd(cost.unboundedCostUsd)} without it)` : ""}
      </p>
    </section>
  );
}
