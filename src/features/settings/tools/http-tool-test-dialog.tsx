"use client";

import { useMutation } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";

import { sampleArguments, type HttpToolDefinition } from "@/core/tools/http-tool-schema";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import styles from "./tools-settings.module.css";

type TestResult = RouterOutputs["httpTools"]["test"];

/** "Test": call a tool with sample arguments (through the address guard) and show what came back. */
export function HttpToolTestDialog(props: {
  tool: HttpToolDefinition;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>{props.open ? <TestForm tool={props.tool} /> : null}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TestForm({ tool }: { tool: HttpToolDefinition }) {
  const trpc = useTRPC();
  const id = useId();
  const [argsText, setArgsText] = useState(() => JSON.stringify(sampleArguments(tool.parameters), null, 2));
  const [argsError, setArgsError] = useState<string | null>(null);
  const test = useMutation(trpc.httpTools.test.mutationOptions());

  const run = () => {
    let args: unknown;
    try {
      args = argsText.trim() === "" ? {} : JSON.parse(argsText);
    } catch (error) {
      setArgsError(`Not valid JSON: ${(error as Error).message}`);
      return;
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      setArgsError('The arguments are a JSON object, e.g. {"city": "Oslo"}.');
      return;
    }
    setArgsError(null);
    test.mutate({ tool, args: args as Record<string, unknown> });
  };

  return (
    <div className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>Test {tool.name}</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        Calls{" "}
        <span className={styles.mono}>
          {tool.method} {tool.urlTemplate}
        </span>{" "}
        as an agent would, with the workspace’s secrets and allowed hosts.
      </Dialog.Description>
      <div className={styles.field}>
        <label htmlFor={`${id}-args`} className={styles.label}>
          Sample arguments (JSON)
        </label>
        <textarea
          id={`${id}-args`}
          className={styles.textarea}
          spellCheck={false}
          rows={6}
          value={argsText}
          onChange={(event) => setArgsText(event.target.value)}
          aria-invalid={argsError ? true : undefined}
          aria-describedby={argsError ? `${id}-args-error` : undefined}
        />
        {argsError ? (
          <span id={`${id}-args-error`} className={styles.fieldError}>
            {argsError}
          </span>
        ) : null}
      </div>
      <div>
        <button type="button" className={styles.primaryButton} onClick={run} disabled={test.isPending}>
          {test.isPending ? "Calling…" : "Run test"}
        </button>
      </div>
      <div aria-live="polite">
        {test.isError ? (
          <p className={styles.error} role="alert">
            {test.error.message}
          </p>
        ) : null}
        {test.data ? <TestOutcome result={test.data} /> : null}
      </div>
      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Close
          </button>
        </Dialog.Close>
      </div>
    </div>
  );
}

function TestOutcome({ result }: { result: TestResult }) {
  if (result.outcome === "error") {
    return (
      <div className={styles.result} aria-label="Test result">
        <p className={styles.error} role="alert">
          {result.message}
        </p>
        <span className={styles.hint}>After {result.durationMs} ms.</span>
      </div>
    );
  }
  return (
    <div className={styles.result} aria-label="Test result">
      <div className={styles.resultLine}>
        <span className={styles.status} data-ok={result.ok}>
          HTTP {result.status} {result.statusText}
        </span>
        <span className={styles.hint}>
          {result.durationMs} ms · {result.bytes.toLocaleString()} bytes
          {result.contentType ? ` · ${result.contentType}` : ""}
        </span>
      </div>
      <span className={`${styles.hint} ${styles.mono}`}>
        {result.method} {result.url}
      </span>
      <pre className={styles.body} aria-label="Response body">
        {result.body || "(no body)"}
      </pre>
      {result.truncated ? <span className={styles.hint}>Only the start of the body is shown.</span> : null}
      {!result.ok ? (
        <span className={styles.hint}>Agents get a non-2xx answer as a tool error with this status and body.</span>
      ) : null}
    </div>
  );
}
