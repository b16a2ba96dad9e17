import { describe, expect, it } from "vitest";
import { handoffPolicySchema } from "../../graph/schema";
import { checkPolicyAdmission, checkSpawnLimits } from "./admission";

const policy = (p: object = {}) => handoffPolicySchema.parse(p);

describe("checkPolicyAdmission (seed 000 §8.3)", () => {
  it("admits by default at depth 1", () =>
    expect(checkPolicyAdmission(policy(), "subagent_x", 1)).toEqual({ type: "admitted" }));
  it("checks allowedTools by tool name", () => {
    expect(checkPolicyAdmission(policy({ allowedTools: ["a"] }), "b", 1)).toEqual({
      type: "denied",
      reason: "tool is not in allowedTools",
    });
    expect(checkPolicyAdmission(policy({ allowedTools: ["a"] }), "a", 1).type).toBe("admitted");
  });
  it("checks deniedTools", () =>
    expect(checkPolicyAdmission(policy({ deniedTools: ["a"] }), "a", 1)).toEqual({
      type: "denied",
      reason: "tool is in deniedTools",
    }));
  it("checks maxDepth with the seed's message", () =>
    expect(checkPolicyAdmission(policy({ maxDepth: 1 }), "a", 2)).toEqual({
      type: "denied",
      reason: "handoff depth 2 exceeds maxDepth 1",
    }));
  it("checks in order: allowed, denied, depth", () => {
    const p = policy({ allowedTools: ["z"], deniedTools: ["a"], maxDepth: 0 });
    expect(checkPolicyAdmission(p, "a", 5)).toMatchObject({ reason: "tool is not in allowedTools" });
    expect(checkPolicyAdmission(policy({ deniedTools: ["a"], maxDepth: 0 }), "a", 5)).toMatchObject({
      reason: "tool is in deniedTools",
    });
  });
  it("is skipped when the policy is disabled", () =>
    expect(checkPolicyAdmission(policy({ enabled: false, deniedTools: ["a"], maxDepth: 0 }), "a", 3).type).toBe(
      "admitted",
    ));
});

describe("checkSpawnLimits (seed 003 §19.4)", () => {
  const base = { depth: 1, maxSpawnDepth: 1, activeChildren: 0, maxChildrenPerAgent: 5 };
  it("admits within limits", () => expect(checkSpawnLimits(base).type).toBe("admitted"));
  it("forbids beyond maxSpawnDepth", () =>
    expect(checkSpawnLimits({ ...base, depth: 2 })).toEqual({
      type: "forbidden",
      reason: "handoff is not allowed at this depth (current depth: 1, max: 1)",
    }));
  it("forbids with the active children count", () =>
    expect(checkSpawnLimits({ ...base, activeChildren: 5 })).toEqual({
      type: "forbidden",
      reason: "max active children reached for this session (5/5)",
    }));
});
