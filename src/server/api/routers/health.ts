import packageJson from "../../../../package.json";
import { databaseErrorMessage } from "@/server/api/database-error-message";
import { createTRPCRouter, publicProcedure, type Database } from "@/server/api/trpc";

/** How long the database probe may take before health reports it as down. */
const DB_PROBE_TIMEOUT_MS = 5_000;

/**
 * Runs `SELECT 1` and resolves to "ok", or to a message saying why the
 * database is unusable. Never rejects: health must answer even when the
 * database (or its configuration) is broken.
 */
async function probeDatabase(getDb: () => Database): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DB_PROBE_TIMEOUT_MS} ms`)), DB_PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([getDb().$queryRaw`SELECT 1`, timeout]);
    return "ok";
  } catch (error) {
    return databaseErrorMessage(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness of the web process. */
export const healthRouter = createTRPCRouter({
  /**
   * `status` is "ok" when every dependency answers, else "degraded";
   * `db` is "ok" or the database error message.
   */
  ping: publicProcedure.query(async ({ ctx }) => {
    const db = await probeDatabase(ctx.getDb);
    return {
      status: db === "ok" ? ("ok" as const) : ("degraded" as const),
      version: packageJson.version,
      db,
      time: new Date().toISOString(),
    };
  }),
});
