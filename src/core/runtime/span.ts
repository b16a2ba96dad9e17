import type { EventBus } from "./event-bus";
import { type EventOfType, type RuntimeEvent, type RuntimeEventType, SPAN_CLOSERS, SPAN_OPENERS } from "./events";

/** The fields every event of a span repeats; the span fills them (and the bus adds run id, seq, timestamp). */
type HeaderField = "runId" | "seq" | "timestamp" | "spanId" | "parentSpanId" | "source";

/** Events whose `agentId` is the agent that emits them: the span fills it from its scope. */
const AGENT_OWNED = {
  AGENT_START: true,
  AGENT_END: true,
  MODEL_CALL_START: true,
  MODEL_CALL_END: true,
  TEXT_DELTA: true,
  TOOL_CALL_START: true,
  TOOL_CALL_END: true,
  ANNOUNCE: true,
} as const satisfies Partial<Record<RuntimeEventType, true>>;
type AgentOwnedType = keyof typeof AGENT_OWNED;

/** An event as an emit site writes it: its own fields only, the header comes from the span. */
export type EventBody<T extends RuntimeEventType> = T extends AgentOwnedType
  ? Omit<EventOfType<T>, HeaderField | "agentId">
  : Omit<EventOfType<T>, HeaderField>;

export type SpanOpenerType = keyof typeof SPAN_OPENERS;
export type SpanCloserType = keyof typeof SPAN_CLOSERS;
/** RUN, AGENT, MODEL_CALL, TOOL_CALL, HANDOFF or TASK. */
export type SpanKind = (typeof SPAN_OPENERS)[SpanOpenerType];
/** The event types that close a span of kind `K`. */
export type CloserOf<K extends SpanKind> = {
  [T in SpanCloserType]: (typeof SPAN_CLOSERS)[T] extends K ? T : never;
}[SpanCloserType];
/** Events that happen inside an open span without opening or closing one. */
export type SpanPointType = Exclude<RuntimeEventType, SpanOpenerType | SpanCloserType>;

/**
 * Where new spans hang: the span they open under (null for the run's root
 * span), the agent path that emits them and that agent's id (null when no
 * agent owns them). Every `Span` is a scope for its children.
 */
export interface SpanScope {
  readonly spanId: string | null;
  readonly source: string | null;
  readonly agentId: string | null;
}

/** What a span needs from the run: the bus and fresh span ids (a `RunContext` is one). */
export interface SpanHost {
  readonly bus: EventBus;
  newSpanId(): string;
}

const NEW = 0;
const OPEN = 1;
const CLOSED = 2;

/**
 * One span of the event stream: opened once, closed exactly once, with the
 * header (span ids, source, agent) filled at every emit. The body objects are
 * stamped in place (no copies, no closures): the only allocation per event is
 * the event itself.
 */
export class Span<K extends SpanKind = SpanKind> implements SpanScope {
  private state = NEW;

  constructor(
    private readonly bus: EventBus,
    readonly kind: K,
    readonly spanId: string,
    readonly parentSpanId: string | null,
    readonly source: string | null,
    readonly agentId: string | null,
  ) {}

  /** True between the opening and the closing event. */
  get isOpen(): boolean {
    return this.state === OPEN;
  }

  /** Emits the opening event; a span opens once (a second call throws: that is a runtime bug). */
  start<T extends SpanOpenerType>(body: EventBody<T> & { type: T }): RuntimeEvent {
    if (this.state !== NEW || (SPAN_OPENERS[body.type] as SpanKind) !== this.kind)
      throw new Error(`span ${this.spanId} (${this.kind}) cannot be opened by ${body.type}`);
    this.state = OPEN;
    return this.emit(body);
  }

  /** An event inside this span (TEXT_DELTA, ANNOUNCE, BUDGET_EXCEEDED); dropped once the span is closed. */
  point<T extends SpanPointType>(body: EventBody<T> & { type: T }): RuntimeEvent | null {
    if (this.state !== OPEN) return null;
    return this.emit(body);
  }

  /**
   * Emits the closing event — once: later calls return null and emit nothing,
   * so every exit path of an emit site may close without double-closing.
   */
  close<T extends CloserOf<K>>(body: EventBody<T> & { type: T }): RuntimeEvent | null {
    if (this.state !== OPEN) return null;
    this.state = CLOSED;
    return this.emit(body);
  }

  private emit(body: { type: RuntimeEventType }): RuntimeEvent {
    // The body is a fresh literal owned by the bus from here on: fill the header in place.
    const draft = body as Record<string, unknown>;
    draft.spanId = this.spanId;
    draft.parentSpanId = this.parentSpanId;
    draft.source = this.source;
    if (this.agentId !== null && (AGENT_OWNED as Record<string, boolean | undefined>)[body.type] === true)
      draft.agentId = this.agentId;
    return this.bus.emit(draft as never);
  }
}

/**
 * Opens a span under `parent` (its children's scope) with its opening event:
 * `const span = openSpan(ctx, frame.span, { type: "TOOL_CALL_START", … })`,
 * later `span.close({ type: "TOOL_CALL_END", … })`. `spanId` defaults to a fresh one.
 */
export function openSpan<T extends SpanOpenerType>(
  host: SpanHost,
  parent: SpanScope,
  body: EventBody<T> & { type: T },
  spanId: string = host.newSpanId(),
): Span<(typeof SPAN_OPENERS)[T]> {
  const span = new Span(
    host.bus,
    SPAN_OPENERS[body.type] as (typeof SPAN_OPENERS)[T],
    spanId,
    parent.spanId,
    parent.source,
    parent.agentId,
  );
  span.start(body as never);
  return span;
}
