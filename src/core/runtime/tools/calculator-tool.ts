import { z } from "zod";
import { CalculatorError, evaluateExpression, formatNumber } from "./calculator";
import { ToolInputError, defineBuiltinTool } from "./tool";

/** Built-in `calculator`: evaluates an arithmetic expression safely (no eval). */
export const calculatorTool = defineBuiltinTool({
  name: "calculator",
  description:
    "Evaluate an arithmetic expression. Supports + - * / % ^, parentheses, pi, e and functions such as sqrt, abs, round, min, max, log, ln, exp, sin, cos.",
  schema: z.object({
    expression: z.string().min(1).max(2000).describe("The expression, e.g. (148 - 112) / 112 * 100"),
  }),
  execute: ({ expression }) => {
    try {
      return formatNumber(evaluateExpression(expression));
    } catch (error) {
      if (error instanceof CalculatorError) throw new ToolInputError(error.message);
      throw error;
    }
  },
});
