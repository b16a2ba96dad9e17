import { describe, expect, it } from "vitest";
import { EXIT_USAGE, parseCommandLine } from "./cli-io";

function parse(argv: string[]) {
  const out = { stdout: "", stderr: "" };
  const result = parseCommandLine(
    argv,
    { stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t) },
    { usage: "Usage: probe <in> <out>\n", options: { force: { type: "boolean" } }, positionals: ["<in>", "<out>"] },
  );
  return { result, ...out };
}

describe("parseCommandLine", () => {
  it("returns the options and the named positionals", () => {
    expect(parse(["a.json", "out", "--force"]).result).toEqual({
      values: { force: true },
      positionals: ["a.json", "out"],
    });
  });

  it("prints the usage on --help and -h, exit code 0", () => {
    for (const flag of ["--help", "-h"]) {
      const { result, stdout, stderr } = parse([flag]);
      expect(result).toEqual({ exitCode: 0 });
      expect(stdout).toBe("Usage: probe <in> <out>\n");
      expect(stderr).toBe("");
    }
  });

  it("names a mistake, then prints the usage, exit code 64", () => {
    const cases: Array<[string[], string]> = [
      [[], "error: missing <in> and <out>"],
      [["a.json"], "error: missing <out>"],
      [["a", "b", "c", "d"], "error: unexpected arguments: c d"],
      [["a", "b", "--frobnicate"], "error: Unknown option '--frobnicate'"],
    ];
    for (const [argv, message] of cases) {
      const { result, stdout, stderr } = parse(argv);
      expect(result).toEqual({ exitCode: EXIT_USAGE });
      expect(stderr.startsWith(message), stderr).toBe(true);
      expect(stderr.endsWith("\n\nUsage: probe <in> <out>\n")).toBe(true);
      expect(stdout).toBe("");
    }
  });
});
