/**
 * The one live event hub of this web process, for `DATABASE_URL`. Kept on
 * `globalThis` so Next's hot reload does not open a second LISTEN
 * connection on every edit.
 */
import { parseServerEnv } from "@/server/env";
import { RunEventHub } from "./run-event-hub";

const cache = globalThis as typeof globalThis & {
  __agsRunEventHub?: { connectionString: string; hub: RunEventHub };
};

/** The process's hub, created on first use; throws when DATABASE_URL is unset. */
export function getRunEventHub(): RunEventHub {
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
