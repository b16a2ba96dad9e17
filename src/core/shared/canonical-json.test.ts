import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  it("sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
  it("gives the same text for the same data built in another order", () => {
    expect(canonicalJson({ x: 1, y: [1, 2], 10: "a", 2: "b" })).toBe(
      canonicalJson({ 2: "b", y: [1, 2], 10: "a", x: 1 }),
    );
  });
  it("puts integer-like keys first, in numeric order", () => {
    expect(canonicalJson({ b: 1, 10: 2, 2: 3, a: 4 })).toBe('{"2":3,"10":2,"a":4,"b":1}');
  });
  it("keeps array order, escapes strings and drops undefined fields", () => {
    expect(canonicalJson({ s: 'a"\n', u: undefined, arr: [3, 1, undefined] })).toBe('{"arr":[3,1,null],"s":"a\\"\\n"}');
  });
  it("sorts by UTF-16 code units, independent of locale", () => {
    expect(canonicalJson({ é: 1, z: 2, A: 3 })).toBe('{"A":3,"z":2,"é":1}');
  });
  it("serialises primitives like JSON.stringify", () => {
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson(Number.NaN)).toBe("null");
  });
});
