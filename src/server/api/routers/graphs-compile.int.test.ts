import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { callerFor, resetWorld } from "@/server/api/testing/api-fixtures";
import { setupTestDatabase } from "@/server/db/test-db";

const db = setupTestDatabase();

/** The local owner of the default workspace: compile needs a member (the workspace's tool catalog). */
function callerWithoutDatabase() {
  return callerFor(db.prisma);
}

beforeAll(async () => {
  await resetWorld(db.prisma);
});

function readExample(file: string): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, "../../../../examples", file), "utf8"));
}

describe("graphs.compile", () => {
  it("compiles a valid graph document into a hashed runtime definition", async () => {
    const result = await callerWithoutDatabase().graphs.compile({ document: readExample("research-team.json") });

    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.definition).not.toBeNull();
    expect(result.definition?.graphName).toBe("Research team");
    expect(result.hash).toEqual(expect.any(String));
  });

  it("is deterministic: the same document gives the same hash", async () => {
    const api = callerWithoutDatabase();
    const document = readExample("support-triage.json");
    const [first, second] = await Promise.all([api.graphs.compile({ document }), api.graphs.compile({ document })]);
    expect(first.hash).not.toBeNull();
    expect(second.hash).toBe(first.hash);
  });

  it("answers an invalid document with diagnostics, not an error", async () => {
    const result = await callerWithoutDatabase().graphs.compile({ document: { schemaVersion: 1, agents: "none" } });

    expect(result.definition).toBeNull();
    expect(result.hash).toBeNull();
    expect(result.diagnostics.some((d) => d.severity === "error")).toBe(true);
  });

  it("rejects a call without a document field", async () => {
    const api = callerWithoutDatabase();
    // @ts-expect-error -- the input is validated at runtime too
    await expect(api.graphs.compile({})).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
