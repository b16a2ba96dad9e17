import { describe, expect, it } from "vitest";
import { abortable } from "./abort";

describe("abortable", () => {
  it("settles like the promise while the signal stays quiet", async () => {
    const controller = new AbortController();
    await expect(abortable(Promise.resolve(42), controller.signal)).resolves.toBe(42);
    await expect(abortable(Promise.reject(new Error("boom")), controller.signal)).rejects.toThrow("boom");
  });

  it("rejects with the abort reason as soon as the signal aborts, even if the promise never settles", async () => {
    const controller = new AbortController();
    const pending = abortable(new Promise<never>(() => {}), controller.signal);
    controller.abort("stop");
    await expect(pending).rejects.toBe("stop");
  });

  it("rejects at once for an already-aborted signal and still observes a late rejection", async () => {
    const controller = new AbortController();
    controller.abort("gone");
    let rejectLate: (error: Error) => void = () => {};
    const late = new Promise<never>((_, reject) => (rejectLate = reject));
    await expect(abortable(late, controller.signal)).rejects.toBe("gone");
    // Would be an unhandled rejection (and fail the test run) if abortable ignored the promise.
    rejectLate(new Error("late"));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("removes its abort listener once the promise settles", async () => {
    const controller = new AbortController();
    let listeners = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (listeners++, add(...args))) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
      listeners--,
      remove(...args)
    )) as typeof remove;
    await abortable(Promise.resolve("done"), signal);
    expect(listeners).toBe(0);
  });
});
