import { describe, expect, it } from "vitest";

import { checkedTools, mcpToolParameters, storedTools } from "./stored-tools";

const BAD = { type: "object", properties: { n: { type: "nope" } } };
const BAD_PROBLEM =
  'schema.properties.n.type must be one of "array", "boolean", "integer", "null", "number", "object", "string"';

describe("checkedTools", () => {
  it("records, per tool, whether its input schema compiles under the argument checker", () => {
    const tools = checkedTools([
      { name: "good", description: "", inputSchema: { properties: { n: { type: "number" } } } },
      { name: "bad", description: "", inputSchema: BAD },
    ]);
    expect(tools.map((tool) => tool.schemaProblem)).toEqual([null, BAD_PROBLEM]);
  });

  it("checks the schema agents are given, with type object", () => {
    expect(mcpToolParameters({ name: "t", description: "", inputSchema: {} })).toEqual({ type: "object" });
    const [tool] = checkedTools([{ name: "t", description: "", inputSchema: { type: "array" } }]);
    expect(tool!.schemaProblem).toBeNull();
  });
});

describe("storedTools", () => {
  it("reads the stored problem back", () => {
    expect(storedTools([{ name: "bad", inputSchema: BAD, schemaProblem: "stored reason" }])).toEqual([
      { name: "bad", description: "", inputSchema: BAD, schemaProblem: "stored reason" },
    ]);
  });

  it("checks a tool stored before refreshes recorded the problem", () => {
    expect(storedTools([{ name: "bad", inputSchema: BAD }, { name: "good" }])).toEqual([
      { name: "bad", description: "", inputSchema: BAD, schemaProblem: BAD_PROBLEM },
      { name: "good", description: "", inputSchema: { type: "object" }, schemaProblem: null },
    ]);
  });

  it("drops what is not a tool", () => {
    expect(storedTools("nope")).toEqual([]);
    expect(storedTools([{ description: "no name" }])).toEqual([]);
  });
});
