import { describe, expect, it } from "vitest";
import { asMarkdown, table } from "./format";

describe("table", () => {
  const rows = [
    ["runtime", "wall"],
    ["ours", "1.2 s"],
    ["a|b", "3 ms"],
  ];

  it("aligns text columns", () => {
    expect(table(rows)).toBe("runtime   wall\n-------  -----\nours     1.2 s\na|b       3 ms");
  });

  it("renders Markdown inside asMarkdown, with blank lines around and pipes escaped, then text again", () => {
    expect(asMarkdown(() => table(rows))).toBe("\n| runtime | wall |\n|---|---|\n| ours | 1.2 s |\n| a\\|b | 3 ms |\n");
    expect(table(rows)).not.toContain("|---|");
  });
});
