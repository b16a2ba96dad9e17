"use client";

import { AlertCircle, Loader2 } from "lucide-react";
import type { InputHTMLAttributes } from "react";

import styles from "./auth.module.css";

/** One labelled input with its hint or error (announced through aria-describedby). */
export function AuthField(
  props: {
    id: string;
    label: string;
    error?: string | undefined;
    hint?: string | undefined;
  } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { id, label, error, hint, ...input } = props;
  const describedBy = error || hint ? `${id}-note` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <span id={describedBy} className={styles.fieldError}>
          {error}
        </span>
      ) : hint ? (
        <span id={describedBy} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** The form-level error (wrong password, taken email, rate limit), read out when it appears. */
export function AuthAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className={styles.alertRegion}>
      {message ? (
        <p className={styles.alert}>
          <AlertCircle size={16} className={styles.alertIcon} aria-hidden="true" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The submit button, with a spinner and `busyLabel` while the request runs. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <Loader2 size={16} className={styles.spinner} aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
