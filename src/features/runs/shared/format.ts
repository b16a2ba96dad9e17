/**
 * How the run views (playground, traces, costs) write money, tokens and time.
 * One place, so the same figure reads the same on every screen.
 */

/** USD with enough digits for sub-cent model calls; `null` (no known price) reads "unknown", never "$0". */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return "unknown";
  if (value === 0) return "$0";
  const abs = Math.abs(value);
  const digits = abs >= 1 ? 2 : abs >= 0.01 ? 4 : 6;
  return `$${value.toFixed(digits).replace(/(\.\d*?[1-9])0+$|\.0+$/, "$1")}`;
}

/** 1,234 / 12.3k / 4.56M tokens. */
export function formatTokens(value: number): string {
  if (value < 10_000) return value.toLocaleString("en-US");
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 100_000 ? 1 : 0)}k`;
  return `${(value / 1_000_000).toFixed(2)}M`;
}

/** 850 ms / 4.2 s / 3 min 05 s / 1 h 02 min; `null` (still running) reads "—". */
export function formatDuration(millis: number | null | undefined): string {
  if (millis === null || millis === undefined) return "—";
  if (millis < 1000) return `${Math.round(millis)} ms`;
  const seconds = millis / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
