import { describe, expect, it } from "vitest";
import { roleForDepth } from "./role";

describe("roleForDepth (seed 003 §19.5)", () => {
  it("main at depth 0", () => expect(roleForDepth(0, 1)).toBe("main"));
  it("leaf at maxSpawnDepth", () => expect(roleForDepth(1, 1)).toBe("leaf"));
  it("orchestrator below maxSpawnDepth", () => {
    expect(roleForDepth(1, 2)).toBe("orchestrator");
    expect(roleForDepth(2, 2)).toBe("leaf");
  });
});
