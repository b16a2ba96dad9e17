import styles from "./status-badge.module.css";

/** Every status a run, span, handoff or task can show (lower case, as the API returns them). */
export type RunViewStatus =
  | "queued"
  | "running"
  | "completed"
  | "failed"
  | "cancelled"
  | "budget_exceeded"
  | "max_steps"
  | "timeout"
  | "fallback"
  | "denied"
  | "forbidden"
  | "promoted"
  | "accepted";

type Tone = "neutral" | "running" | "success" | "warning" | "danger";

const TONES: Record<RunViewStatus, Tone> = {
  queued: "neutral",
  running: "running",
  completed: "success",
  accepted: "success",
  promoted: "warning",
  fallback: "warning",
  cancelled: "neutral",
  budget_exceeded: "danger",
  max_steps: "danger",
  timeout: "danger",
  failed: "danger",
  denied: "danger",
  forbidden: "danger",
};

/** "budget_exceeded" → "budget exceeded". */
export function statusLabel(status: string): string {
  return status.toLowerCase().replaceAll("_", " ");
}

/** A status pill with a colour by severity (the text always says the status: colour is never the only cue). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const key = status.toLowerCase() as RunViewStatus;
  const tone = TONES[key] ?? "neutral";
  return (
    <span className={[styles.badge, tone !== "neutral" && styles[tone], className].filter(Boolean).join(" ")}>
      <span className={styles.dot} aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}
