"use client";

import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";

import { formatUsd } from "../shared/format";
import styles from "./costs.module.css";

export interface CostBar {
  /** Row label (agent id, model, edge). */
  name: string;
  /** What the priced calls cost (the bar's length). */
  pricedCostUsd: number;
  /** Null when a call here has no price: the bar's label says "unknown". */
  costUsd: number | null;
  /** Outlined as the one that matters most (the costliest). */
  highlight?: boolean;
}

const ROW_HEIGHT = 30;

/** "$0.012" or "unknown (≥ $0.004)". */
export function costText(bar: Pick<CostBar, "costUsd" | "pricedCostUsd">): string {
  if (bar.costUsd !== null) return formatUsd(bar.costUsd);
  return bar.pricedCostUsd > 0 ? `unknown (≥ ${formatUsd(bar.pricedCostUsd)})` : "unknown";
}

/**
 * Horizontal cost bars, one per row, longest first as given. The chart is a
 * picture (role img with every figure in its name); the table beside it
 * carries the same numbers for screen readers and copying.
 */
export function CostBars({ bars, label }: { bars: readonly CostBar[]; label: string }) {
  if (bars.length === 0) return null;
  const summary = `${label}: ${bars.map((bar) => `${bar.name} ${costText(bar)}`).join(", ")}`;
  const longest = Math.max(...bars.map((bar) => bar.name.length));
  return (
    <div className={styles.chart} role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height={bars.length * ROW_HEIGHT + 8}>
        <BarChart
          data={bars.map((bar) => ({ ...bar, label: costText(bar) }))}
          layout="vertical"
          margin={{ top: 4, right: 120, bottom: 4, left: 4 }}
          barCategoryGap={6}
          accessibilityLayer={false}
        >
          <XAxis type="number" hide domain={[0, "dataMax"]} />
          <YAxis
            type="category"
            dataKey="name"
            width={Math.min(180, Math.max(60, longest * 7.2))}
            tickLine={false}
            axisLine={false}
            tick={{ className: styles.chartTick }}
            interval={0}
          />
          <Bar dataKey="pricedCostUsd" isAnimationActive={false} radius={[0, 4, 4, 0]} minPointSize={2}>
            {bars.map((bar) => (
              <Cell
                key={bar.name}
                className={bar.costUsd === null ? styles.barUnknown : bar.highlight ? styles.barTop : styles.bar}
              />
            ))}
            <LabelList dataKey="label" position="right" className={styles.barLabel} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
