import { describe, expect, it } from "vitest";
import { decideNextStep } from "./next-step";

const base = { toolCalls: 0, stepsUsed: 1, maxSteps: 5, text: "hi", undelivered: 0, runningTasks: 0 };

describe("decideNextStep", () => {
  it("runs again after tool calls", () =>
    expect(decideNextStep({ ...base, toolCalls: 2 })).toEqual({ type: "run_again" }));
  it("stops at maxSteps when the last turn still called tools", () =>
    expect(decideNextStep({ ...base, toolCalls: 1, stepsUsed: 5 })).toEqual({ type: "max_steps" }));
  it("finishes on an answer at the last step", () =>
    expect(decideNextStep({ ...base, stepsUsed: 5 })).toEqual({ type: "final_output", output: "hi" }));
  it("wakes to deliver finished tasks", () =>
    expect(decideNextStep({ ...base, undelivered: 1, runningTasks: 1 })).toEqual({ type: "deliver_announce" }));
  it("waits while tasks run", () =>
    expect(decideNextStep({ ...base, runningTasks: 2 })).toEqual({ type: "wait_for_tasks" }));
});
