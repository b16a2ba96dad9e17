import { describe, expect, it } from "vitest";

import { createCaller } from "@/server/api/root";
import { createPrismaClient } from "@/server/db/client";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();

describe("health.ping", () => {
  it("reports ok when the database answers", async () => {
    const api = createCaller({ headers: new Headers(), getDb: () => db.prisma, getUser: async () => null });

    await expect(api.health.ping()).resolves.toMatchObject({
      status: "ok",
      db: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("still answers, degraded and saying why, when the database is down", async () => {
    const server = db.server;
    const unreachable = createPrismaClient(server.connectionString.replace(`:${server.port}/`, ":1/"));
    try {
      const api = createCaller({ headers: new Headers(), getDb: () => unreachable, getUser: async () => null });
      const health = await api.health.ping();
      expect(health.status).toBe("degraded");
      expect(health.db).toMatch(/reach|connect|ECONNREFUSED/i);
      expect(health.db).not.toContain("\n");
    } finally {
      await unreachable.$disconnect();
    }
  });

  it("reports a missing DATABASE_URL instead of failing", async () => {
    const api = createCaller({
      headers: new Headers(),
      getDb: () => {
        throw new Error("DATABASE_URL is not set.");
      },
      getUser: async () => null,
    });
    await expect(api.health.ping()).resolves.toMatchObject({ status: "degraded", db: "DATABASE_URL is not set." });
  });
});
