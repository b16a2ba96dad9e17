/** Small formatters of the traces pages (money, tokens and durations are in `../shared/format`). */

/** "Dec 3, 18:42:07" — the local start time of a run. */
export function formatStartTime(iso: string | null): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  });
}

/** "v3", or "draft r12" for a run of the draft. */
export function versionLabel(run: { version: number | null; draftRevision: number | null }): string {
  if (run.version !== null) return `v${run.version}`;
  return run.draftRevision !== null ? `draft r${run.draftRevision}` : "draft";
}

/** "+1.2 s" from the run's start: where a span sits on the timeline. */
export function formatOffset(millis: number): string {
  if (millis < 1000) return `+${Math.round(millis)} ms`;
  return `+${(millis / 1000).toFixed(millis < 10_000 ? 2 : 1)} s`;
}
