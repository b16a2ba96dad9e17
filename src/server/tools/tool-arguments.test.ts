import { Ajv } from "ajv";
import { describe, expect, it, vi } from "vitest";

import { ToolArgumentsError } from "@/server/errors/tool-arguments-error";

import { checkToolArguments, jsonSchemaProblem } from "./tool-arguments";

const order = {
  type: "object",
  properties: {
    count: { type: "integer", minimum: 1, maximum: 10 },
    unit: { enum: ["c", "f"] },
    email: { type: "string", format: "email" },
    address: {
      type: "object",
      properties: { city: { type: "string" }, zip: { type: "string", pattern: "^[0-9]{5}$" } },
      required: ["city"],
      additionalProperties: false,
    },
    tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    "first name": { type: "string" },
  },
  required: ["count"],
  additionalProperties: false,
};

function problems(schema: Record<string, unknown>, args: unknown): string[] {
  try {
    checkToolArguments("order", schema, args);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ToolArgumentsError);
    return (error as ToolArgumentsError).problems;
  }
}

describe("checkToolArguments", () => {
  it("accepts arguments that match the whole schema", () => {
    expect(
      problems(order, {
        count: 3,
        unit: "c",
        email: "a@b.example",
        address: { city: "Oslo", zip: "01234" },
        tags: ["x"],
        "first name": "Ada",
      }),
    ).toEqual([]);
  });

  it("names the path and the problem for each keyword", () => {
    expect(problems(order, { count: 11 })).toEqual(["arguments.count must be <= 10"]);
    expect(problems(order, { count: 2.5 })).toEqual(["arguments.count must be integer"]);
    expect(problems(order, {})).toEqual(["arguments.count is required"]);
    expect(problems(order, { count: 1, unit: "k" })).toEqual(['arguments.unit must be one of "c", "f"']);
    expect(problems(order, { count: 1, email: "nope" })).toEqual(['arguments.email must match format "email"']);
    expect(problems(order, { count: 1, colour: "red" })).toEqual(["arguments.colour is not a parameter of this tool"]);
    expect(problems(order, { count: 1, address: { zip: "1", street: "x" } })).toEqual([
      "arguments.address.city is required",
      "arguments.address.street is not a parameter of this tool",
      'arguments.address.zip must match pattern "^[0-9]{5}$"',
    ]);
    expect(problems(order, { count: 1, tags: ["a", 2, "c"] })).toEqual([
      "arguments.tags must NOT have more than 2 items",
      "arguments.tags[1] must be string",
    ]);
    expect(problems(order, { count: 1, "first name": 7 })).toEqual(['arguments["first name"] must be string']);
    expect(problems(order, [1])).toEqual(["arguments must be object"]);
  });

  it("says the call was not made, and lists at most five problems", () => {
    const many = {
      type: "object",
      properties: Object.fromEntries(["a", "b", "c", "d", "e", "f", "g"].map((k) => [k, { type: "string" }])),
    };
    const args = Object.fromEntries(["a", "b", "c", "d", "e", "f", "g"].map((k) => [k, 1]));
    expect(() => checkToolArguments("order", many, args)).toThrow(
      "order was not called: its arguments do not match its parameters schema: arguments.a must be string; arguments.b must be string; arguments.c must be string; arguments.d must be string; arguments.e must be string; and 2 more problems. Call it again with arguments that match the schema.",
    );
  });

  it("follows the schema's draft ($schema 2020-12: prefixItems, $defs)", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "urn:example:point",
      type: "object",
      $defs: { coordinate: { type: "number" } },
      properties: { point: { type: "array", prefixItems: [{ $ref: "#/$defs/coordinate" }], items: false } },
    };
    expect(problems(schema, { point: [1] })).toEqual([]);
    expect(problems(schema, { point: ["x", 2] })).toEqual([
      "arguments.point[0] must be number",
      "arguments.point must NOT have more than 1 items",
    ]);
    // The same $id in another tool's schema still compiles.
    expect(problems({ ...schema, properties: {} }, { point: "anything" })).toEqual([]);
  });

  it("compiles each distinct schema once, however many calls and copies of it come", () => {
    const compile = vi.spyOn(Ajv.prototype, "compile");
    try {
      const schema = () => ({ type: "object", properties: { once: { type: "integer", minimum: 3 } } });
      for (let i = 0; i < 5; i++) checkToolArguments("order", schema(), { once: 3 + i });
      expect(() => checkToolArguments("order", schema(), { once: 1 })).toThrow("arguments.once must be >= 3");
      expect(compile).toHaveBeenCalledTimes(1);
      checkToolArguments("order", { ...schema(), required: ["once"] }, { once: 3 });
      expect(compile).toHaveBeenCalledTimes(2);
    } finally {
      compile.mockRestore();
    }
  });

  it("refuses every call of a tool whose schema does not compile", () => {
    expect(problems({ type: "object", properties: { a: { $ref: "#/nowhere" } } }, { a: 1 })).toEqual([
      "the tool's parameters schema is not a valid JSON schema (can't resolve reference #/nowhere from id #)",
    ]);
  });
});

describe("jsonSchemaProblem", () => {
  it("is null for a valid schema and names the place of an invalid one", () => {
    expect(jsonSchemaProblem(order)).toBeNull();
    expect(jsonSchemaProblem({ type: "object", properties: { count: { type: "integr" } } })).toBe(
      'schema.properties.count.type must be one of "array", "boolean", "integer", "null", "number", "object", "string"',
    );
    expect(jsonSchemaProblem({ type: "object", properties: { n: { type: "number", minimum: "1" } } })).toBe(
      "schema.properties.n.minimum must be number",
    );
    expect(jsonSchemaProblem({ type: "object", required: "a" })).toBe("schema.required must be array");
  });
});
