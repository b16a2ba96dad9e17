import { describe, expect, it } from "vitest";
import type { RuntimeEvent } from "../events";
import { call, defineGraph, say, scripted } from "./define-graph";
import { assertEventInvariants } from "./assert-event-invariants";
import { runToEnd } from "./run-to-end";
import { createTestPorts } from "./test-ports";

async function validStream(): Promise<RuntimeEvent[]> {
  const test = createTestPorts();
  const definition = defineGraph({
    root: "main",
    agents: {
      main: { handoffs: [{ to: "w" }], model: [scripted([call(["subagent_w", { task: "x" }]), say("ok")])] },
      w: { model: [scripted([say("w")])] },
    },
  });
  return (await runToEnd(definition, test, "go")).events;
}

const clone = (events: RuntimeEvent[]) => events.map((e) => ({ ...e })) as RuntimeEvent[];

describe("assertEventInvariants", () => {
  it("accepts a real run", async () => {
    assertEventInvariants(await validStream());
  });

  it("rejects a sequence gap", async () => {
    const events = clone(await validStream());
    events.splice(3, 1);
    expect(() => assertEventInvariants(events)).toThrow(/sequence gap|END without|never closed/);
  });

  it("rejects a missing END", async () => {
    const events = clone(await validStream()).filter((e) => e.type !== "HANDOFF_END");
    events.forEach((e, i) => (e.seq = i));
    expect(() => assertEventInvariants(events)).toThrow(/never closed/);
  });

  it("rejects a second END", async () => {
    const events = clone(await validStream());
    const agentEnd = events.find((e) => e.type === "AGENT_END")!;
    events.splice(events.length - 1, 0, { ...agentEnd });
    events.forEach((e, i) => (e.seq = i));
    expect(() => assertEventInvariants(events)).toThrow(/END without an open START/);
  });

  it("rejects events after RUN_END and unknown parents", async () => {
    const events = clone(await validStream());
    const moved = events.splice(events.length - 1, 1)[0];
    events.splice(events.length - 1, 0, moved);
    events.forEach((e, i) => (e.seq = i));
    expect(() => assertEventInvariants(events)).toThrow(/RUN_END is not last/);

    const orphan = clone(await validStream());
    orphan[2].parentSpanId = "nope";
    expect(() => assertEventInvariants(orphan)).toThrow(/never opened/);
  });

  it("rejects events that do not match the schema", async () => {
    const events = clone(await validStream());
    (events[1] as { agentId: unknown }).agentId = 42;
    expect(() => assertEventInvariants(events)).toThrow(/schema/);
  });
});
