/**
 * Server-Sent Events clients for tests, on `fetch` (Node 20 has no
 * EventSource): a plain reader of `text/event-stream`, and an
 * EventSource-compatible class that tRPC's `httpSubscriptionLink` can use,
 * reconnecting with `Last-Event-ID` like a browser's EventSource does.
 */

/** One SSE message as the spec defines it (`event` is "message" when unnamed). */
export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

/** Parses a `text/event-stream` body into messages, as they arrive. */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let id: string | null = null;
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
      if (line === "") {
        if (data.length > 0 || event !== "") yield { event: event || "message", id, data: data.join("\n") };
        event = "";
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
      else if (field === "id" && !value.includes("\0")) id = value;
    }
  }
}

/** The URL of a tRPC subscription over SSE. */
export function subscriptionUrl(apiUrl: string, path: string, input: unknown): string {
  return `${apiUrl}/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/**
 * Opens an SSE stream; `lastEventId` is sent as the Last-Event-ID header, as a reconnecting EventSource does;
 * `cookie` (a signed-in session) as the Cookie header.
 */
export async function openSse(
  url: string,
  options: { lastEventId?: string; signal?: AbortSignal; cookie?: string } = {},
): Promise<AsyncGenerator<SseMessage>> {
  const response = await fetch(url, {
    headers: {
      accept: "text/event-stream",
      ...(options.cookie !== undefined && { cookie: options.cookie }),
      ...(options.lastEventId !== undefined && { "last-event-id": options.lastEventId }),
    },
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE request failed with HTTP ${response.status}`);
  if (!response.headers.get("content-type")?.startsWith("text/event-stream"))
    throw new Error(`not an event stream: ${response.headers.get("content-type")}`);
  return parseSse(response.body);
}

/**
 * Enough of the browser's EventSource for tRPC's `httpSubscriptionLink`:
 * named events and "message" as MessageEvents (with `lastEventId`), "open"
 * and "error", and — when the stream breaks — a reconnect after
 * `reconnectMs` carrying the last id in `Last-Event-ID`.
 */
export class FetchEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readonly withCredentials = false;
  readyState = 0;
  /** Connections opened so far (a reconnect adds one). */
  connections = 0;
  private lastEventId: string | null = null;
  private abort: AbortController | null = null;
  static reconnectMs = 100;

  constructor(readonly url: string) {
    super();
    void this.connect();
  }

  close(): void {
    this.readyState = this.CLOSED;
    this.abort?.abort();
  }

  private async connect(): Promise<void> {
    this.abort = new AbortController();
    this.connections += 1;
    try {
      const messages = await openSse(this.url, {
        signal: this.abort.signal,
        ...(this.lastEventId !== null && { lastEventId: this.lastEventId }),
      });
      this.readyState = this.OPEN;
      this.dispatchEvent(new Event("open"));
      for await (const message of messages) {
        if (message.id !== null) this.lastEventId = message.id;
        this.dispatchEvent(
          new MessageEvent(message.event, { data: message.data, lastEventId: this.lastEventId ?? "" }),
        );
        if (this.readyState === this.CLOSED) return;
      }
    } catch {
      // fall through: a broken stream reconnects like one that ended
    }
    if (this.readyState === this.CLOSED) return;
    this.readyState = this.CONNECTING;
    this.dispatchEvent(new Event("error"));
    setTimeout(() => {
      if (this.readyState !== this.CLOSED) void this.connect();
    }, FetchEventSource.reconnectMs);
  }
}
