import { describe, expect, it } from "vitest";
import { spliceFigures } from "./readme-figures";

const START = "<!-- figures:start (bench/tools/readme-figures.ts copies bench/results/latest.md here) -->";

describe("spliceFigures", () => {
  it("replaces only the text between the markers", () => {
    const readme = `# B\n\nintro\n${START}\nold figures\n<!-- figures:end -->\n\n## Next\n`;
    expect(spliceFigures(readme, "Measured now\n\n| a |\n")).toBe(
      `# B\n\nintro\n${START}\nMeasured now\n\n| a |\n<!-- figures:end -->\n\n## Next\n`,
    );
  });

  it("refuses a README without the markers", () => {
    expect(() => spliceFigures("# B\n", "Measured now")).toThrow(/has no .*figures:start/);
  });
});
