/**
 * The one live event hub of this web process, for `DATABASE_URL`. Kept on
 * `globalThis` so Next's hot reload does not open a second LISTEN
 * connection on every edit (and so every bundle of the server that imports
 * this module finds the same hub).
 */
import { parseServerEnv } from "@/server/env";
import { RunEventHub, RunEventHubClosedError } from "./run-event-hub";

const cache = globalThis as typeof globalThis & {
  __agsRunEventHub?: { connectionString: string; hub: RunEventHub };
  /** Set once the process is shutting down: no new hub is opened. */
  __agsRunEventHubClosed?: boolean;
  __agsRunEventHubShutdownHook?: boolean;
};

/**
 * The process's hub, created on first use; throws when DATABASE_URL is
 * unset, and `RunEventHubClosedError` once the process is shutting down.
 */
export function getRunEventHub(): RunEventHub {
  if (cache.__agsRunEventHubClosed) throw new RunEventHubClosedError("This server is shutting down.");
  const connectionString = parseServerEnv().DATABASE_URL;
  if (!connectionString)
    throw new Error("DATABASE_URL is not set: live run events need the database. Run the app with `npm start`.");
  const cached = cache.__agsRunEventHub;
  if (cached?.connectionString === connectionString) return cached.hub;
  void cached?.hub.close(); // DATABASE_URL changed (tests): drop the old connections
  const hub = new RunEventHub({ connectionString });
  cache.__agsRunEventHub = { connectionString, hub };
  return hub;
}

/**
 * Closes the process's hub for good: every open subscription ends with
 * `RunEventHubClosedError` (the router tells the client to reconnect, which
 * resumes the stream on another or a restarted server) and its PostgreSQL
 * connections close. Without this, a stopping `next start` waits for every
 * open stream before it exits.
 */
export async function closeRunEventHub(): Promise<void> {
  cache.__agsRunEventHubClosed = true;
  const cached = cache.__agsRunEventHub;
  cache.__agsRunEventHub = undefined;
  await cached?.hub.close();
}

/** Closes the hub when the process is told to stop (SIGTERM, SIGINT), beside Next's own shutdown. Once per process. */
export function closeRunEventHubOnShutdown(): void {
  if (cache.__agsRunEventHubShutdownHook) return;
  cache.__agsRunEventHubShutdownHook = true;
  const close = () => void closeRunEventHub().catch((error: unknown) => console.error(error));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, close);
}
