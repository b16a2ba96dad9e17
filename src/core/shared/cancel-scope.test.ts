import { describe, expect, it, vi } from "vitest";
import { CancelScope, raceCancel, tokenFromSignal } from "./cancel-scope";

describe("CancelScope", () => {
  it("calls subscribers once, in subscription order, with the reason", () => {
    const scope = new CancelScope();
    const calls: string[] = [];
    scope.onAbort((reason) => calls.push(`a:${String(reason)}`));
    const b = scope.onAbort(() => calls.push("b"));
    scope.onAbort((reason) => calls.push(`c:${String(reason)}`));
    scope.off(b);
    scope.abort("stop");
    scope.abort("again");
    expect(calls).toEqual(["a:stop", "c:stop"]);
    expect(scope.aborted).toBe(true);
    expect(scope.reason).toBe("stop");
    expect(scope.onAbort(() => calls.push("late"))).toBeNull();
  });

  it("aborts linked children (and theirs) with the parent's reason, in order", () => {
    const root = new CancelScope();
    const child = root.child();
    const grandchild = child.child();
    const order: string[] = [];
    child.onAbort(() => order.push("child"));
    grandchild.onAbort(() => order.push("grandchild"));
    root.abort("bye");
    expect(child.reason).toBe("bye");
    expect(grandchild.reason).toBe("bye");
    expect(order).toEqual(["grandchild", "child"]);
  });

  it("a disposed child is no longer aborted by its parent; its own abort does not reach the parent", () => {
    const root = new CancelScope();
    const child = root.child();
    child.dispose();
    root.abort("x");
    expect(child.aborted).toBe(false);
    const other = new CancelScope().child();
    other.abort("own");
    expect(other.aborted).toBe(true);
  });

  it("links to several parents and to an external AbortSignal", () => {
    const a = new CancelScope();
    const b = new CancelScope();
    const both = CancelScope.linked(a, b);
    b.abort("budget");
    expect(both.reason).toBe("budget");
    const controller = new AbortController();
    const root = CancelScope.fromSignal(controller.signal);
    controller.abort("user");
    expect(root.reason).toBe("user");
    expect(CancelScope.fromSignal(AbortSignal.abort("early")).reason).toBe("early");
    expect(CancelScope.linked(root).reason).toBe("user");
  });

  it("creates one AbortSignal lazily, aborted with the scope", () => {
    const scope = new CancelScope();
    const signal = scope.signal;
    expect(scope.signal).toBe(signal);
    const listener = vi.fn();
    signal.addEventListener("abort", listener);
    scope.abort("r");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("r");
    expect(listener).toHaveBeenCalledTimes(1);
    const late = new CancelScope();
    late.abort("already");
    expect(late.signal.reason).toBe("already");
  });

  it("adds no listener to an external signal beyond the one link, whatever the number of children", () => {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, "addEventListener");
    const root = CancelScope.fromSignal(controller.signal);
    const children = Array.from({ length: 50 }, () => root.child());
    expect(add).toHaveBeenCalledTimes(1);
    controller.abort("stop");
    expect(children.every((child) => child.reason === "stop")).toBe(true);
  });

  it("keeps notifying after a throwing subscriber and reports the error", async () => {
    const scope = new CancelScope();
    const after = vi.fn();
    scope.onAbort(() => {
      throw new Error("boom");
    });
    scope.onAbort(after);
    const reported = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, "queueMicrotask").mockImplementationOnce((fn) => {
        try {
          fn();
        } catch (error) {
          resolve(error);
        }
        globalThis.queueMicrotask = original;
      });
    });
    scope.abort("x");
    expect(after).toHaveBeenCalledWith("x");
    expect(await reported).toEqual(new Error("boom"));
  });
});

describe("raceCancel", () => {
  it("settles like the promise, or rejects with the reason on abort, and unsubscribes", async () => {
    const scope = new CancelScope();
    await expect(raceCancel(Promise.resolve(1), scope)).resolves.toBe(1);
    const pending = raceCancel(new Promise(() => {}), scope);
    scope.abort("cancelled");
    await expect(pending).rejects.toBe("cancelled");
    await expect(raceCancel(Promise.resolve(2), scope)).rejects.toBe("cancelled");
  });

  it("rejects at once for an aborted token and still observes a late rejection", async () => {
    const scope = new CancelScope();
    scope.abort("gone");
    let rejectLate: (error: Error) => void = () => {};
    const late = new Promise<never>((_, reject) => (rejectLate = reject));
    await expect(raceCancel(late, scope)).rejects.toBe("gone");
    // Would be an unhandled rejection (and fail the test run) if raceCancel ignored the promise.
    rejectLate(new Error("late"));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe("tokenFromSignal", () => {
  it("subscribes through abort listeners and removes them on off", () => {
    const controller = new AbortController();
    const token = tokenFromSignal(controller.signal);
    const kept = vi.fn();
    const removed = vi.fn();
    token.onAbort(kept);
    token.off(token.onAbort(removed));
    controller.abort("why");
    expect(kept).toHaveBeenCalledWith("why");
    expect(removed).not.toHaveBeenCalled();
    expect(token.aborted).toBe(true);
    expect(token.onAbort(kept)).toBeNull();
  });
});
