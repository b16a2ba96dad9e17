/**
 * A worker's own connection to PostgreSQL: it holds the worker's lock (its
 * liveness, see worker-lock.ts) and LISTENs for cancel requests. When it
 * drops, it is reopened (the heartbeat keeps the worker's runs alive
 * meanwhile, and re-reads their cancel requests).
 */
import pg from "pg";
import { z } from "zod";
import { RUN_CANCEL_CHANNEL, type RunCancelRequest } from "../contract";
import type { WorkerLogger } from "./run-persistence";
import { TAKE_WORKER_LOCK_SQL } from "./worker-lock";

const cancelRequestSchema = z.object({
  runId: z.string(),
  taskId: z.string().optional(),
  reason: z.string().default("cancelled"),
}) satisfies z.ZodType<RunCancelRequest, unknown>;

const RECONNECT_DELAY_MS = 1_000;

export interface ControlConnection {
  close(): Promise<void>;
}

/** Opens the connection (lock taken and LISTEN on before it resolves). */
export async function openControlConnection(options: {
  connectionString: string;
  workerId: string;
  onCancel: (request: RunCancelRequest) => void;
  logger: WorkerLogger;
}): Promise<ControlConnection> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: `ags-worker ${options.workerId}`.slice(0, 63),
    });
    next.on("notification", (message) => {
      if (message.channel !== RUN_CANCEL_CHANNEL || !message.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.payload);
      } catch {
        parsed = null;
      }
      const request = cancelRequestSchema.safeParse(parsed);
      if (request.success) options.onCancel(request.data);
      else options.logger.warn(`ignored a malformed cancel request: ${message.payload.slice(0, 200)}`);
    });
    next.on("error", (error) => {
      if (!closed) options.logger.warn(`worker connection lost (${error.message}); reconnecting`);
    });
    next.on("end", () => {
      if (closed || client !== next) return;
      client = null;
      retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
    await next.connect();
    try {
      await next.query(TAKE_WORKER_LOCK_SQL, [options.workerId]);
      await next.query(`LISTEN ${RUN_CANCEL_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const reconnect = () => {
    retry = null;
    if (closed) return;
    connect().catch((error: unknown) => {
      options.logger.warn(`worker connection: ${(error as Error).message}; retrying`);
      if (!closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
