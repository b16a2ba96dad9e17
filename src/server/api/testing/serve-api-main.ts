/**
 * A second web process for tests: serves the app router over HTTP on
 * DATABASE_URL (127.0.0.1, a free port) with its own Prisma pool and its own
 * live event hub, and prints `API <url>` once it listens. Stops on SIGTERM
 * or when its parent closes its stdin.
 *
 *   node --import tsx src/server/api/testing/serve-api-main.ts
 */
import { createPrismaClient } from "@/server/db/client";
import { RunEventHub } from "@/server/runs/live/run-event-hub";
import { startApiServer } from "./api-server";

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const prisma = createPrismaClient(connectionString, { maxConnections: 4 });
  const hub = new RunEventHub({ connectionString });
  const server = await startApiServer({ prisma, hub });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await hub.close();
    await prisma.$disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.resume();
  process.stdout.write(`API ${server.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
