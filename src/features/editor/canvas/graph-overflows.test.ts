import { describe, expect, it } from "vitest";

import { graphOverflows } from "./graph-overflows";

const box = (x: number, y: number, width = 100, height = 50) => ({ x, y, width, height });

describe("graphOverflows", () => {
  it("is false while every agent is inside the canvas", () => {
    expect(graphOverflows([box(0, 0), box(300, 200)], 800, 600, [10, 10, 1])).toBe(false);
    expect(graphOverflows([], 800, 600, [0, 0, 1])).toBe(false);
  });

  it("is true when an agent is cut by any edge, after pan and zoom", () => {
    expect(graphOverflows([box(0, 0), box(750, 0)], 800, 600, [0, 0, 1])).toBe(true); // right
    expect(graphOverflows([box(0, 580)], 800, 600, [0, 0, 1])).toBe(true); // bottom
    expect(graphOverflows([box(0, 0)], 800, 600, [-1, 0, 1])).toBe(true); // left, panned
    expect(graphOverflows([box(300, 200)], 800, 600, [0, 0, 3])).toBe(true); // zoomed in: right edge at 1200
    expect(graphOverflows([box(300, 200), box(2000, 1000)], 800, 600, [0, 0, 0.3])).toBe(false); // zoomed out
  });

  it("is false before the canvas has a size", () => {
    expect(graphOverflows([box(5000, 5000)], 0, 0, [0, 0, 1])).toBe(false);
  });
});
