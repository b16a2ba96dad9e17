import { describe, expect, it } from "vitest";

import { isActiveSection } from "./nav-items";

describe("isActiveSection", () => {
  it("matches the section itself and pages inside it", () => {
    expect(isActiveSection("/graphs", "/graphs")).toBe(true);
    expect(isActiveSection("/graphs/abc/edit", "/graphs")).toBe(true);
  });

  it("does not match a section that only shares a prefix", () => {
    expect(isActiveSection("/graphs-archive", "/graphs")).toBe(false);
    expect(isActiveSection("/traces", "/graphs")).toBe(false);
  });
});
