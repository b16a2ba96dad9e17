import { describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { runOptionsSchema, storedRunOptionsSchema, withBudgetOverrides } from "./run-options";

describe("run options: one schema for runs.start and the worker", () => {
  it("runs.start refuses an unknown option and an out-of-range budget", () => {
    expect(runOptionsSchema.safeParse({ forceSync: true, budgets: { maxSteps: 5 } }).success).toBe(true);
    expect(runOptionsSchema.safeParse({ forcesync: true }).success).toBe(false);
    expect(runOptionsSchema.safeParse({ budgets: { maxSteps: 0 } }).success).toBe(false);
    expect(runOptionsSchema.safeParse({ budgets: { maxWallSeconds: 86_401 } }).success).toBe(false);
  });

  it("the worker reads back what runs.start stored, and drops a top-level field it does not know", () => {
    const stored = { forceSync: true, budgets: { maxCostUsd: 0.5 } };
    expect(storedRunOptionsSchema.parse(stored)).toEqual(stored);
    expect(storedRunOptionsSchema.parse({ ...stored, addedLater: 1 })).toEqual(stored);
    expect(storedRunOptionsSchema.parse({})).toEqual({});
  });

  it("budget overrides replace the graph's budgets key by key", () => {
    const { definition } = compile({
      schemaVersion: 1,
      name: "Budgets",
      rootAgentId: "main",
      settings: { budgets: { maxSteps: 40, maxCostUsd: 1 } },
      agents: [{ id: "main", name: "Main", modelChain: [{ provider: "scripted", model: "m" }] }],
    });
    if (!definition) throw new Error("the graph did not compile");
    expect(withBudgetOverrides(definition, {}).settings.budgets).toEqual(definition.settings.budgets);
    expect(withBudgetOverrides(definition, { budgets: { maxSteps: 3 } }).settings.budgets).toMatchObject({
      maxSteps: 3,
      maxCostUsd: 1,
    });
  });
});
