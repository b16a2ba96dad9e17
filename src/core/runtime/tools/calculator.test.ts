import { describe, expect, it } from "vitest";
import { CalculatorError, evaluateExpression, formatNumber } from "./calculator";

const calc = (e: string) => formatNumber(evaluateExpression(e));

describe("calculator", () => {
  it("does arithmetic with precedence", () => {
    expect(calc("1 + 2 * 3")).toBe("7");
    expect(calc("(1 + 2) * 3")).toBe("9");
    expect(calc("(148 - 112) / 112 * 100")).toBe("32.1428571429");
    expect(calc("2 * 19.99")).toBe("39.98");
    expect(calc("0.1 + 0.2")).toBe("0.3");
    expect(calc("10 % 4")).toBe("2");
  });
  it("handles powers (right-associative, tighter than unary minus)", () => {
    expect(calc("2 ^ 3 ^ 2")).toBe("512");
    expect(calc("-2 ^ 2")).toBe("-4");
    expect(calc("2 ** 10")).toBe("1024");
    expect(calc("2 ^ -1")).toBe("0.5");
  });
  it("knows constants and functions", () => {
    expect(calc("sqrt(16) + abs(-2)")).toBe("6");
    expect(calc("max(1, 5, 3) - min(4, 2)")).toBe("3");
    expect(calc("round(pi, 2)")).toBe("3.14");
    expect(calc("log(1000)")).toBe("3");
    expect(calc("ln(e)")).toBe("1");
    expect(calc("1.5e3")).toBe("1500");
  });
  it("rejects anything that is not arithmetic", () => {
    for (const bad of [
      "",
      "2 +",
      "process.exit()",
      "constructor",
      "alert(1)",
      "1 +* 2",
      "(1",
      "1)",
      "foo(1)",
      "2 $ 3",
      "sqrt(1, 2)",
    ]) {
      expect(() => evaluateExpression(bad), bad).toThrow(CalculatorError);
    }
  });
  it("rejects division by zero and non-finite results", () => {
    expect(() => evaluateExpression("1 / 0")).toThrow("division by zero");
    expect(() => evaluateExpression("10 ^ 400")).toThrow("not a finite number");
  });
  it("survives hostile nesting", () => {
    expect(() => evaluateExpression("(".repeat(600) + "1" + ")".repeat(600))).toThrow(CalculatorError);
    expect(() => evaluateExpression("-".repeat(1500) + "1")).toThrow(CalculatorError);
  });
});
