import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { createCaller } from "@/server/api/root";
import type { TRPCContext } from "@/server/api/trpc";

/** A caller whose database access fails loudly: compile must not need one. */
function callerWithoutDatabase() {
  const ctx: TRPCContext = {
    headers: new Headers(),
    getDb: () => {
      throw new Error("this procedure must not touch the database");
    },
  };
  return createCaller(ctx);
}

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
