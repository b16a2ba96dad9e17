import { describe, expect, it } from "vitest";
import type { RuntimeEvent, StoredSession } from "@/core/runtime";
import { REDACTED, redactSecrets, redactingSessionStore, redactingSink } from "./redact-secrets";

const KEY = "sk-test-0123456789";

describe("redactSecrets", () => {
  it("masks a secret in nested strings and keeps everything else", () => {
    const value = { a: `key ${KEY} and ${KEY}`, b: [1, { c: KEY }, null], d: true };
    expect(redactSecrets(value, [KEY])).toEqual({
      a: `key ${REDACTED} and ${REDACTED}`,
      b: [1, { c: REDACTED }, null],
      d: true,
    });
    expect(value.a).toContain(KEY); // the input is not modified
  });

  it("returns the same object when no secret occurs", () => {
    const value = { a: "nothing", b: [{ c: "here" }] };
    expect(redactSecrets(value, [KEY])).toBe(value);
    expect(redactSecrets(value, [])).toBe(value);
  });
});

describe("redacting wrappers", () => {
  it("mask events before the sink and messages before the store", async () => {
    const seen: RuntimeEvent[] = [];
    const event = { type: "TEXT_DELTA", delta: `my key is ${KEY}` } as unknown as RuntimeEvent;
    redactingSink((e) => seen.push(e), [KEY])(event);
    expect(JSON.stringify(seen)).not.toContain(KEY);

    const saved: StoredSession[] = [];
    const store = redactingSessionStore({ load: async () => null, save: async (s) => void saved.push(s) }, [KEY]);
    await store.save({
      key: "k",
      sessionId: "s",
      agentId: "a",
      updatedAt: 0,
      messages: [{ role: "assistant", content: `echo ${KEY}` }] as StoredSession["messages"],
    });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(saved)).toContain(REDACTED);
  });
});
