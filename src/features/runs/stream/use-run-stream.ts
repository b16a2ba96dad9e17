"use client";

import { skipToken } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useEffect, useMemo, useState } from "react";

import type { RuntimeEvent } from "@/core/runtime/events";
import { createTrace, reduceTrace, type TraceState } from "@/core/trace";
import { useTRPC } from "@/trpc/react";

import { buildStreamView, type RunStreamView } from "./stream-view";

export interface RunStream {
  /** The span tree so far (the core's reducer, fed event by event). */
  readonly trace: TraceState;
  /** The playground's reading of it. */
  readonly view: RunStreamView;
  /** `connecting` before the first event, `live` while events flow, `ended` after RUN_END, `error` when refused. */
  readonly connection: "idle" | "connecting" | "live" | "ended" | "error";
  /** Why the stream was refused or dropped for good (a sentence from the server). */
  readonly error: string | null;
}

interface Published {
  readonly runId: string | null;
  readonly trace: TraceState;
}

/**
 * Folds one run's events into its trace outside React and publishes the
 * latest trace at most once per animation frame (and at once on RUN_END).
 * Takes events in `seq` order exactly once: a replayed or duplicate event is
 * ignored.
 */
class TraceBuffer {
  private runId: string | null = null;
  private trace: TraceState = createTrace();
  private nextSeq = 0;
  private frame: number | null = null;

  constructor(private readonly publish: (published: Published) => void) {}

  push(runId: string, event: RuntimeEvent): void {
    if (this.runId !== runId) this.reset(runId);
    if (event.seq !== this.nextSeq) return;
    this.trace = reduceTrace(this.trace, event);
    this.nextSeq = event.seq + 1;
    if (event.type === "RUN_END") {
      this.cancelFrame();
      this.publish({ runId, trace: this.trace });
    } else if (this.frame === null) {
      this.frame = requestAnimationFrame(() => {
        this.frame = null;
        this.publish({ runId: this.runId, trace: this.trace });
      });
    }
  }

  reset(runId: string | null): void {
    this.cancelFrame();
    this.runId = runId;
    this.trace = createTrace();
    this.nextSeq = 0;
  }

  private cancelFrame(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }
}

/**
 * Streams run `runId`'s events (stored ones first, then the live tail) into
 * its trace with the core's `reduceTrace`, one React update per animation
 * frame however many events arrived in it. A dropped connection resumes where
 * it stopped (the SSE link sends the last event id back).
 */
export function useRunStream(runId: string | null): RunStream {
  const trpc = useTRPC();
  const [published, setPublished] = useState<Published>(() => ({ runId: null, trace: createTrace() }));
  const [buffer] = useState(() => new TraceBuffer(setPublished));
  const empty = useMemo(() => (runId === null ? createTrace() : createTrace()), [runId]);

  useEffect(() => () => buffer.reset(null), [buffer, runId]);

  const subscription = useSubscription(
    trpc.runs.events.subscriptionOptions(runId ? { runId } : skipToken, {
      onData: (envelope) => {
        if (runId) buffer.push(runId, envelope.data);
      },
    }),
  );

  const shown = published.runId === runId ? published.trace : empty;
  const view = useMemo(() => buildStreamView(shown), [shown]);
  const connection: RunStream["connection"] =
    runId === null
      ? "idle"
      : shown.finished
        ? "ended"
        : subscription.status === "error"
          ? "error"
          : shown.eventCount > 0
            ? "live"
            : "connecting";
  return { trace: shown, view, connection, error: subscription.error?.message ?? null };
}
