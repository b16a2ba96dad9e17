import { type RuntimeEvent, SPAN_CLOSERS, SPAN_OPENERS, runtimeEventSchema } from "../events";

/** A broken invariant of an event stream, with the offending event. */
export class EventInvariantError extends Error {
  constructor(
    message: string,
    readonly event?: RuntimeEvent,
  ) {
    super(event ? `${message} (seq ${event.seq} ${event.type} span ${event.spanId})` : message);
    this.name = "EventInvariantError";
  }
}

/**
 * Checks what every consumer relies on: each event matches the zod schema;
 * one run id; sequence numbers gap-free from 0; RUN_START first and RUN_END
 * last (once each); every START has exactly one END of the same kind; point
 * events happen inside an open span; every parent span was opened before;
 * agent sources are null for the root and a path below it for children;
 * timestamps never go back. Throws `EventInvariantError`.
 */
export function assertEventInvariants(events: readonly RuntimeEvent[]): void {
  if (events.length === 0) throw new EventInvariantError("no events");
  const runId = events[0].runId;
  const opened = new Map<string, string>();
  const open = new Set<string>();
  let lastTimestamp = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const parsed = runtimeEventSchema.safeParse(event);
    if (!parsed.success)
      throw new EventInvariantError(
        `schema: ${parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
        event,
      );
    if (event.runId !== runId) throw new EventInvariantError("mixed run ids", event);
    if (event.seq !== i) throw new EventInvariantError(`sequence gap: expected ${i}`, event);
    if (event.timestamp < lastTimestamp) throw new EventInvariantError("timestamp went back", event);
    lastTimestamp = event.timestamp;
    if (i === 0 && event.type !== "RUN_START") throw new EventInvariantError("first event is not RUN_START", event);
    if (i > 0 && event.type === "RUN_START") throw new EventInvariantError("second RUN_START", event);
    if (event.type === "RUN_END" && i !== events.length - 1)
      throw new EventInvariantError("RUN_END is not last", event);
    if (event.parentSpanId !== null && !opened.has(event.parentSpanId)) {
      throw new EventInvariantError(`parent span ${event.parentSpanId} was never opened`, event);
    }
    if (
      event.parentSpanId === null &&
      event.type !== "RUN_START" &&
      event.type !== "RUN_END" &&
      event.spanId !== events[0].spanId
    ) {
      throw new EventInvariantError("only run-level events may have no parent span", event);
    }
    const opens = (SPAN_OPENERS as Record<string, string>)[event.type];
    const closes = (SPAN_CLOSERS as Record<string, string>)[event.type];
    if (opens) {
      if (opened.has(event.spanId)) throw new EventInvariantError("span opened twice", event);
      opened.set(event.spanId, opens);
      open.add(event.spanId);
    } else if (closes) {
      if (!open.has(event.spanId)) throw new EventInvariantError("END without an open START", event);
      if (opened.get(event.spanId) !== closes)
        throw new EventInvariantError(`END closes a ${opened.get(event.spanId)} span`, event);
      open.delete(event.spanId);
    } else if (!open.has(event.spanId)) {
      throw new EventInvariantError("point event outside an open span", event);
    }
    if (event.type === "AGENT_START") {
      const isRoot = event.depth === 0;
      if (isRoot !== (event.source === null))
        throw new EventInvariantError("root agent must have source null, children a path", event);
      if (!isRoot && event.source!.split("/").length !== event.depth + 1) {
        throw new EventInvariantError(`source ${event.source} does not match depth ${event.depth}`, event);
      }
    }
  }
  const last = events[events.length - 1];
  if (last.type !== "RUN_END") throw new EventInvariantError("stream does not end with RUN_END", last);
  if (open.size > 0) throw new EventInvariantError(`spans never closed: ${[...open].join(", ")}`);
}

/** Events of one type (typed), for assertions. */
export function eventsOfType<T extends RuntimeEvent["type"]>(
  events: readonly RuntimeEvent[],
  type: T,
): Array<Extract<RuntimeEvent, { type: T }>> {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}
