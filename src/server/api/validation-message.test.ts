import { z } from "zod";
import { describe, expect, it } from "vitest";

import { formatInputPath, zodErrorMessage } from "./validation-message";

function errorFor(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected the value to be invalid");
  return result.error;
}

const schema = z.strictObject({
  document: z.object({ agents: z.array(z.object({ name: z.string(), maxSteps: z.number().int().min(1) })) }),
});

describe("zodErrorMessage", () => {
  it("gives one sentence per problem, each with its path, on one line", () => {
    const message = zodErrorMessage(
      errorFor(schema, {
        document: {
          agents: [
            { name: 7, maxSteps: 1 },
            { name: "b", maxSteps: 0 },
          ],
        },
        extra: 1,
      }),
    );

    expect(message).toBe(
      [
        "input.document.agents[0].name: Invalid input: expected string, received number.",
        "input.document.agents[1].maxSteps: Too small: expected number to be >=1.",
        "input.extra: unknown field.",
      ].join(" "),
    );
    expect(message).not.toContain("\n");
  });

  it("says a required field is missing instead of naming zod internals", () => {
    expect(zodErrorMessage(errorFor(z.object({ document: z.unknown() }), {}))).toBe(
      "input.document: required field is missing.",
    );
  });

  it("summarises beyond ten problems", () => {
    const many = errorFor(
      z.array(z.string()),
      Array.from({ length: 25 }, (_, i) => i),
    );
    const message = zodErrorMessage(many);
    expect(message.match(/input\[\d+\]/g)).toHaveLength(10);
    expect(message).toMatch(/…and 15 more problems\.$/);
  });
});

describe("formatInputPath", () => {
  it("writes indexes in brackets and quotes keys that are not identifiers", () => {
    expect(formatInputPath([])).toBe("input");
    expect(formatInputPath(["document", "agents", 0, "my key"])).toBe('input.document.agents[0]["my key"]');
  });
});
