import { describe, expect, it, vi } from "vitest";
import { hasTemplateDeep, renderDeep, renderTemplate, type TemplateResolver } from "./script-templates";

const values: Record<string, string> = {
  input: "find cats",
  messageCount: "3",
  agent: "researcher",
  lastToolResult: "42",
};
const resolve: TemplateResolver = (name) => values[name];

describe("script templates", () => {
  it("replaces the four variables, tolerating inner spaces", () => {
    expect(
      renderTemplate("{{agent}} got '{{ input }}' ({{messageCount}} msgs, last {{lastToolResult}})", resolve),
    ).toBe("researcher got 'find cats' (3 msgs, last 42)");
  });

  it("leaves unknown names alone and resolves only what is used", () => {
    const spy = vi.fn(resolve);
    expect(renderTemplate("{{inptu}} {{input}}", spy)).toBe("{{inptu}} find cats");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("renders strings inside nested args without touching other values", () => {
    const args = { task: "Research {{input}}", n: 2, nested: { list: ["{{agent}}", true, null] } };
    expect(hasTemplateDeep(args)).toBe(true);
    expect(renderDeep(args, resolve)).toEqual({
      task: "Research find cats",
      n: 2,
      nested: { list: ["researcher", true, null] },
    });
    expect(hasTemplateDeep({ a: 1, b: ["x"] })).toBe(false);
  });
});
