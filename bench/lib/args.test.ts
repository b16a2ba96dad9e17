import { describe, expect, it } from "vitest";
import { BenchUsageError, parseBenchArgs } from "./args";

const usage = (argv: string[]) => {
  try {
    parseBenchArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(BenchUsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${argv.join(" ")}`);
};

describe("parseBenchArgs", () => {
  it("defaults: every runtime, ours with schema defaults and tuned, 3 repetitions at 100 and 1,000 runs", () => {
    const o = parseBenchArgs([]);
    expect(o.runtimes).toEqual(["ours", "ours-tuned", "openai-agents", "langgraph", "mastra"]);
    expect(o.concurrencyLevels).toEqual([100, 1000]);
    expect(o.concurrencyReps).toEqual({ 100: 3, 1000: 3 });
    expect([...o.scenarios]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(o.cpuProf).toBe(false);
  });

  it("quick: one repetition at 100 runs, its own results file", () => {
    const o = parseBenchArgs(["--quick"]);
    expect(o.concurrencyReps).toEqual({ 100: 1 });
    expect(o.out).toBe("bench/results/latest-quick.json");
  });

  it("takes lists and counts", () => {
    const o = parseBenchArgs(["--only", "ours,mastra", "--scenarios", "2,3", "--runs", "10,1000", "--reps", "5"]);
    expect(o.runtimes).toEqual(["ours", "mastra"]);
    expect([...o.scenarios]).toEqual([2, 3]);
    expect(o.concurrencyReps).toEqual({ 10: 5, 1000: 5 });
  });

  it.each([
    [["--bogus"], /Unknown option '--bogus'/],
    [["--runs", "10x"], /--runs needs a whole number .* got "10x"/],
    [["--runs", "0"], /--runs needs a whole number from 1/],
    [["--runs", "100,"], /--runs needs a comma-separated list/],
    [["--reps", "-1"], /--reps/],
    [["--reps", "2.5"], /--reps needs a whole number/],
    [["--scenarios", "7"], /--scenarios needs a whole number from 1 to 6, got "7"/],
    [["--only", "ours,foo"], /--only: unknown runtime "foo"/],
    [["--reps"], /--reps/],
    [["stray"], /unexpected argument "stray"/],
  ])("%j is a usage error naming the problem", (argv, message) => {
    expect(usage(argv)).toMatch(message);
  });
});
