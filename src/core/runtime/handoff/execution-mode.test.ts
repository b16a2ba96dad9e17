import { describe, expect, it } from "vitest";
import { executionSchema } from "../../graph/schema";
import { planExecution } from "./execution-mode";

const exec = (e: object = {}) => executionSchema.parse(e);
const plan = (
  e: object,
  modelTimeoutSeconds: number | null = null,
  forceSync = false,
  forceSyncTimeoutSeconds: number | null = null,
) => planExecution({ execution: exec(e), modelTimeoutSeconds, forceSync, forceSyncTimeoutSeconds });

describe("planExecution (seed 002)", () => {
  it("defaults to sync, 30 s, promote", () =>
    expect(plan({})).toEqual({ mode: "sync", timeoutMillis: 30_000, onTimeout: "promote" }));
  it("honours background edges", () => expect(plan({ mode: "background" })).toEqual({ mode: "background" }));
  it("ignores the model's timeout unless the edge lets it choose", () =>
    expect(plan({}, 0)).toEqual({ mode: "sync", timeoutMillis: 30_000, onTimeout: "promote" }));
  it("lets the model choose: 0 = background, >0 = sync with that timeout (max 600)", () => {
    expect(plan({ modelChoosesMode: true }, 0)).toEqual({ mode: "background" });
    expect(plan({ modelChoosesMode: true }, 5)).toEqual({ mode: "sync", timeoutMillis: 5_000, onTimeout: "promote" });
    expect(plan({ modelChoosesMode: true }, 9999)).toMatchObject({ timeoutMillis: 600_000 });
  });
  describe("force sync (CTX_FORCE_SYNC)", () => {
    it("turns background into sync with the default timeout and fails on timeout", () => {
      expect(plan({ mode: "background" }, null, true)).toEqual({
        mode: "sync",
        timeoutMillis: 30_000,
        onTimeout: "fail",
      });
      expect(plan({ modelChoosesMode: true, timeoutSeconds: 20 }, 0, true)).toEqual({
        mode: "sync",
        timeoutMillis: 20_000,
        onTimeout: "fail",
      });
    });
    it("keeps a positive model timeout", () =>
      expect(plan({ modelChoosesMode: true }, 12, true)).toEqual({
        mode: "sync",
        timeoutMillis: 12_000,
        onTimeout: "fail",
      }));
    it("CTX_FORCE_SYNC_TIMEOUT_SECONDS replaces every timeout (<=0 -> 30 s, max 600 s)", () => {
      expect(plan({ modelChoosesMode: true }, 12, true, 90)).toMatchObject({ timeoutMillis: 90_000 });
      expect(plan({}, null, true, 0)).toMatchObject({ timeoutMillis: 30_000 });
      expect(plan({}, null, true, 5000)).toMatchObject({ timeoutMillis: 600_000 });
    });
  });
});
