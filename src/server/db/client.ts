/**
 * Prisma clients over the pg driver adapter (no native engine).
 *
 * `createPrismaClient(url)` makes an independent client (scripts, tests);
 * `getPrisma()` is the app's shared one, kept on `globalThis` so Next's hot
 * reload does not open a new pool on every edit.
 */
import { PrismaPg } from "@prisma/adapter-pg";

import { PrismaClient } from "@/generated/prisma/client";
import { parseServerEnv } from "@/server/env";
import { withSerializedTransactions } from "./serialized-transactions";

export { PrismaClient };

/** Options for {@link createPrismaClient}. */
export interface CreatePrismaClientOptions {
  /** Most connections the pool opens (pg's default is 10). */
  maxConnections?: number;
}

/**
 * A new client with its own connection pool; call `$disconnect()` when done.
 * A transaction's statements take turns on its connection (see
 * serialized-transactions.ts).
 */
export function createPrismaClient(connectionString: string, options: CreatePrismaClientOptions = {}): PrismaClient {
  const adapter = withSerializedTransactions(new PrismaPg({ connectionString, max: options.maxConnections }));
  return new PrismaClient({ adapter });
}

const cache = globalThis as typeof globalThis & {
  __agsPrisma?: { connectionString: string; client: PrismaClient };
};

/**
 * The app's client for `DATABASE_URL`. Throws when it is unset: `npm start`
 * sets it (starting the embedded database first); `npm run dev` needs it.
 */
export function getPrisma(): PrismaClient {
  const connectionString = parseServerEnv().DATABASE_URL;
  if (!connectionString) {
    throw new Error(
      "DATABASE_URL is not set. Run the app with `npm start` (it starts an embedded PostgreSQL), or set DATABASE_URL to a PostgreSQL database.",
    );
  }
  const cached = cache.__agsPrisma;
  if (cached?.connectionString === connectionString) return cached.client;
  void cached?.client.$disconnect(); // DATABASE_URL changed (tests): drop the old pool
  const client = createPrismaClient(connectionString);
  cache.__agsPrisma = { connectionString, client };
  return client;
}
