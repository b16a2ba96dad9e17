/**
 * The web process's live run events: ONE PostgreSQL connection LISTENs on
 * `RUN_EVENTS_CHANNEL` for the whole process, and every subscriber of a run
 * is fed from stored rows. A NOTIFY (`<runId>:<lastSeq>` after each
 * committed batch, `<runId>:end` from the sweeper) only says "read again":
 * the hub reads the rows after the lowest position among the run's
 * subscribers, once per run, and fans them out; each subscriber takes only
 * the seqs right after its own position, so there is no gap and no
 * duplicate whatever order NOTIFYs, reads and subscriptions happen in. A
 * new subscriber is caught up by the same read, so a late subscriber gets
 * the stored events first and then the live tail.
 *
 * A dropped LISTEN connection is reopened (with a delay) and every watched
 * run is read again, since NOTIFYs sent meanwhile are lost. A slow poll
 * (default every 10 s) does the same as a safety net.
 */
import pg from "pg";

import type { RuntimeEvent } from "@/core/runtime/events";
import { FINAL_RUN_STATUSES, RUN_EVENTS_CHANNEL } from "@/server/runs/contract";

/**
 * A subscription ended (or was refused) because the hub was closed — the
 * web process is shutting down, not the run: a client should reconnect and
 * resume from its last event.
 */
export class RunEventHubClosedError extends Error {
  override readonly name = "RunEventHubClosedError";
}
import { RunGoneError } from "@/server/errors/run-gone-error";

/** One stored event as delivered. */
export interface LiveRunEvent {
  seq: number;
  event: RuntimeEvent;
}

/** Where the hub reports trouble it recovers from (a dropped connection, a failed read). */
export interface HubLogger {
  warn(message: string): void;
}

/** Settings of a hub; only the connection string is required. */
export interface RunEventHubOptions {
  connectionString: string;
  /** Rows read per run per query (a long run is caught up in several reads). Default 1,000. */
  batchSize?: number;
  /** Runs read together in one query. Default 200. */
  runsPerRead?: number;
  /** Wait before reopening a dropped connection or retrying a failed read. Default 1,000 ms. */
  retryDelayMs?: number;
  /** Read every watched run again this often even without NOTIFY; 0 turns it off. Default 10,000 ms. */
  pollIntervalMs?: number;
  /** Connections for reads (the LISTEN connection is separate), i.e. reads in flight at once. Default 4. */
  maxReadConnections?: number;
  logger?: HubLogger;
}

interface Subscriber {
  /** Highest seq handed to this subscriber (-1: none). */
  cursor: number;
  queue: LiveRunEvent[];
  done: boolean;
  error: Error | null;
  wake: (() => void) | null;
}

interface RunFeed {
  runId: string;
  subscribers: Set<Subscriber>;
  /** Something may have been stored since the last read. */
  dirty: boolean;
  /** In a read in flight (a run is in at most one at a time). */
  reading: boolean;
}

const FINAL = new Set<string>(FINAL_RUN_STATUSES);

/** Rows of one read: per run, its status and the events after the cursor (none: `seq` null). */
interface ReadRow {
  run_id: string;
  status: string;
  seq: number | null;
  data: RuntimeEvent | null;
}

/**
 * One statement for every run due a read: each run's status and its next
 * events (at most $3 per run) after its cursor, in one snapshot. A run
 * missing from the result was deleted.
 */
const READ_SQL = `
  SELECT c.run_id::text AS run_id, r.status::text AS status, e.seq, e.data
  FROM unnest($1::uuid[], $2::int[]) AS c(run_id, after)
  JOIN runs r ON r.id = c.run_id
  LEFT JOIN LATERAL (
    SELECT seq, data FROM run_events WHERE run_id = c.run_id AND seq > c.after ORDER BY seq LIMIT $3
  ) e ON true
  ORDER BY c.run_id, e.seq`;

function wake(subscriber: Subscriber): void {
  const resolve = subscriber.wake;
  subscriber.wake = null;
  resolve?.();
}

/** The live event hub of one process. */
export class RunEventHub {
  private readonly pool: pg.Pool;
  private readonly feeds = new Map<string, RunFeed>();
  private readonly batchSize: number;
  private readonly runsPerRead: number;
  private readonly maxReads: number;
  /** Runs due a read that is not in flight yet. */
  private readonly due = new Set<RunFeed>();
  private readsInFlight = 0;
  private readScheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly retryDelayMs: number;
  private readonly logger: HubLogger;
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly pollTimer: NodeJS.Timeout | null;
  private closed = false;

  constructor(private readonly options: RunEventHubOptions) {
    this.batchSize = options.batchSize ?? 1_000;
    this.runsPerRead = options.runsPerRead ?? 200;
    this.maxReads = options.maxReadConnections ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 1_000;
    this.logger = options.logger ?? { warn: (message) => console.warn(message) };
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: this.maxReads });
    this.pool.on("error", (error) =>
      this.logger.warn(`run event hub: an idle read connection failed: ${error.message}`),
    );
    const poll = options.pollIntervalMs ?? 10_000;
    this.pollTimer = poll > 0 ? setInterval(() => this.readAll(), poll) : null;
    this.pollTimer?.unref();
  }

  /** The process id of the LISTEN connection's server backend (tests drop it to check recovery), or null. */
  async listenerBackendPid(): Promise<number | null> {
    if (!this.listener) return null;
    const result = await this.listener.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return result.rows[0]?.pid ?? null;
  }

  /**
   * The run's events with seq > `afterSeq`, stored ones first, then live
   * ones as they are stored; ends after RUN_END, or when the run is over
   * and every stored event was delivered (a run that ended without events).
   * Throws `RunGoneError` if the run is deleted meanwhile. Stops when
   * `signal` aborts.
   */
  async *subscribe(runId: string, afterSeq: number, signal?: AbortSignal): AsyncGenerator<LiveRunEvent, void> {
    if (this.closed) throw new RunEventHubClosedError("The run event hub is closed.");
    // NOTIFY payloads and query results spell ids in lower case.
    runId = runId.toLowerCase();
    // LISTEN before the first read: an event stored after that read is then always announced to us.
    await this.ensureListening();
    const subscriber: Subscriber = { cursor: afterSeq, queue: [], done: false, error: null, wake: null };
    const feed = this.feedFor(runId);
    feed.subscribers.add(subscriber);
    const onAbort = () => wake(subscriber);
    signal?.addEventListener("abort", onAbort);
    this.markDirty(feed);
    try {
      while (!signal?.aborted) {
        const next = subscriber.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (subscriber.error) throw subscriber.error;
        if (subscriber.done) return;
        await new Promise<void>((resolve) => {
          subscriber.wake = resolve;
        });
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      feed.subscribers.delete(subscriber);
      if (feed.subscribers.size === 0 && this.feeds.get(runId) === feed) this.feeds.delete(runId);
    }
  }

  /** Subscribers currently attached, over all runs (for tests and metrics). */
  get subscriberCount(): number {
    let count = 0;
    for (const feed of this.feeds.values()) count += feed.subscribers.size;
    return count;
  }

  /** Ends every subscription and closes the connections. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const feed of this.feeds.values()) {
      for (const subscriber of feed.subscribers) {
        subscriber.error = new RunEventHubClosedError("The run event hub was closed.");
        wake(subscriber);
      }
    }
    this.feeds.clear();
    const listener = this.listener;
    this.listener = null;
    await Promise.allSettled([listener?.end(), this.pool.end()]);
  }

  private feedFor(runId: string): RunFeed {
    let feed = this.feeds.get(runId);
    if (!feed) {
      feed = { runId, subscribers: new Set(), dirty: false, reading: false };
      this.feeds.set(runId, feed);
    }
    return feed;
  }

  private ensureListening(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on("notification", (message) => {
      if (message.channel === RUN_EVENTS_CHANNEL && message.payload) this.onNotify(message.payload);
    });
    const lost = (reason: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners("error");
      client.on("error", () => {});
      void client.end().catch(() => {});
      if (this.closed) return;
      this.logger.warn(`run event hub: the LISTEN connection was lost (${reason}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on("error", (error) => lost(error.message));
    client.on("end", () => lost("connection ended"));
    try {
      await client.connect();
      await client.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("error");
      client.on("error", () => {});
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureListening().then(
        // NOTIFYs sent while we were away are gone: read every watched run again.
        () => this.readAll(),
        (error: Error) => {
          this.logger.warn(`run event hub: reconnecting failed (${error.message}); retrying`);
          this.scheduleReconnect();
        },
      );
    }, this.retryDelayMs);
    this.reconnectTimer.unref();
  }

  private onNotify(payload: string): void {
    const separator = payload.lastIndexOf(":");
    if (separator <= 0) return;
    const feed = this.feeds.get(payload.slice(0, separator));
    if (!feed) return;
    const tail = payload.slice(separator + 1);
    const lastSeq = Number(tail);
    if (tail !== "end" && Number.isInteger(lastSeq)) {
      // Everyone already has up to lastSeq (a subscriber's first read got there first): nothing to read.
      let behind = false;
      for (const subscriber of feed.subscribers) if (subscriber.cursor < lastSeq) behind = true;
      if (!behind) return;
    }
    this.markDirty(feed);
  }

  private readAll(): void {
    for (const feed of this.feeds.values()) this.markDirty(feed);
  }

  private markDirty(feed: RunFeed): void {
    feed.dirty = true;
    if (feed.reading) return; // read again when the read in flight is done
    this.due.add(feed);
    // Coalesce: the NOTIFYs of one commit (one per run in the batch) arrive together and make one read.
    if (!this.readScheduled) {
      this.readScheduled = true;
      setImmediate(() => {
        this.readScheduled = false;
        this.startReads();
      });
    }
  }

  /** Starts reads of the runs due, a statement per up to `runsPerRead` runs, at most `maxReads` in flight. */
  private startReads(): void {
    while (this.due.size > 0 && this.readsInFlight < this.maxReads && !this.closed) {
      const batch: RunFeed[] = [];
      for (const feed of this.due) {
        this.due.delete(feed);
        if (feed.subscribers.size === 0 || this.feeds.get(feed.runId) !== feed) continue;
        batch.push(feed);
        if (batch.length >= this.runsPerRead) break;
      }
      if (batch.length > 0) void this.read(batch);
    }
  }

  /** Reads the runs' next events once and delivers them; runs with more to read are due again. */
  private async read(batch: RunFeed[]): Promise<void> {
    this.readsInFlight += 1;
    const cursors = batch.map((feed) => {
      feed.reading = true;
      feed.dirty = false;
      let from = Number.POSITIVE_INFINITY;
      for (const subscriber of feed.subscribers) from = Math.min(from, subscriber.cursor);
      return from;
    });
    let failed = false;
    try {
      const { rows } = await this.pool.query<ReadRow>(READ_SQL, [
        batch.map((feed) => feed.runId),
        cursors,
        this.batchSize,
      ]);
      const byRun = new Map<string, ReadRow[]>();
      for (const row of rows) {
        const list = byRun.get(row.run_id);
        if (list) list.push(row);
        else byRun.set(row.run_id, [row]);
      }
      for (const feed of batch) {
        const found = byRun.get(feed.runId) ?? [];
        this.deliver(feed, found);
        if (found.length >= this.batchSize) feed.dirty = true;
      }
    } catch (error) {
      failed = true;
      if (!this.closed) {
        this.logger.warn(
          `run event hub: reading ${batch.length} run(s) failed (${(error as Error).message}); retrying`,
        );
        for (const feed of batch) feed.dirty = true;
      }
    } finally {
      this.readsInFlight -= 1;
      for (const feed of batch) {
        feed.reading = false;
        if (!feed.dirty || feed.subscribers.size === 0) continue;
        if (failed) {
          this.due.add(feed);
          this.retryTimer ??= setTimeout(() => {
            this.retryTimer = null;
            this.startReads();
          }, this.retryDelayMs);
        } else this.markDirty(feed);
      }
      this.startReads();
    }
  }

  private deliver(feed: RunFeed, rows: ReadRow[]): void {
    const first = rows[0];
    if (!first) {
      for (const subscriber of feed.subscribers) {
        subscriber.error = new RunGoneError(feed.runId);
        wake(subscriber);
      }
      return;
    }
    const events = rows.filter((row): row is ReadRow & { seq: number; data: RuntimeEvent } => row.seq !== null);
    const final = FINAL.has(first.status);
    for (const subscriber of feed.subscribers) {
      if (subscriber.done) continue;
      for (const row of events) {
        // Only the very next seq: a row out of order would be a gap (it is read again on the next NOTIFY).
        if (row.seq !== subscriber.cursor + 1) continue;
        subscriber.queue.push({ seq: row.seq, event: row.data });
        subscriber.cursor = row.seq;
        if (row.data.type === "RUN_END") subscriber.done = true;
      }
      // Over, and nothing more stored after this subscriber's position (a read shorter than a batch saw the end).
      if (final && events.length < this.batchSize && (events.at(-1)?.seq ?? -1) <= subscriber.cursor)
        subscriber.done = true;
      wake(subscriber);
    }
  }
}
