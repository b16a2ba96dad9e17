import { describe, expect, it } from "vitest";
import { describeJsonSyntaxError, formatBytes, lineColumnAt, utf8ByteLength } from "./json-text";

function syntaxError(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
  throw new Error("expected a syntax error");
}

describe("utf8ByteLength", () => {
  it("counts 1, 2, 3 and 4 byte characters like an encoder", () => {
    for (const text of ["", "abc", "é", "研究员", "😀 ok", "a\u0000b"]) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
  it("counts a lone surrogate as the replacement character an encoder writes", () => {
    expect(utf8ByteLength("\ud800")).toBe(3);
  });
});

describe("formatBytes", () => {
  it("formats megabytes with the exact byte count", () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe("10.0 MB (10,485,760 bytes)");
    expect(formatBytes(512)).toBe("512 B (512 bytes)");
  });
});

describe("describeJsonSyntaxError", () => {
  it("finds line and column from the engine's position", () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const problem = describeJsonSyntaxError(text, syntaxError(text));
    expect(problem.line).toBe(3);
    expect(problem.column).toBeGreaterThan(0);
    expect(problem.reason).not.toMatch(/position/);
  });
  it("understands the line/column forms of other engines", () => {
    expect(
      describeJsonSyntaxError("", new SyntaxError("JSON.parse: expected ',' at line 4 column 2 of the JSON data")),
    ).toEqual({
      reason: "expected ','",
      line: 4,
      column: 2,
    });
    expect(
      describeJsonSyntaxError("", new SyntaxError("Unexpected token in JSON at position 3 (line 2 column 1)")),
    ).toMatchObject({
      line: 2,
      column: 1,
    });
  });
  it("points at the end of the text when the input stops early", () => {
    expect(describeJsonSyntaxError('{"a":', syntaxError('{"a":'))).toMatchObject({ line: 1, column: 6 });
  });
  it("keeps the reason when no location is known", () => {
    expect(describeJsonSyntaxError("x", new Error("odd"))).toEqual({ reason: "odd" });
  });
  it("computes line and column of an offset", () => {
    expect(lineColumnAt("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});

describe("describeJsonSyntaxError with Node 20's position-less V8 messages", () => {
  it("recovers the line and column from the quoted window", () => {
    const text = '{\n  "schemaVersion": 1,\n  "name": \n}';
    expect(
      describeJsonSyntaxError(text, new SyntaxError(`Unexpected token '}', ..." "name": \n}" is not valid JSON`)),
    ).toEqual({ reason: "Unexpected token '}'", line: 4, column: 1 });
    const long = '{"a":1,"b":2,"c":3,"d":[1,2,,3],"e":"xxxxxxxxxxxxxxxxxxx"}';
    expect(
      describeJsonSyntaxError(
        long,
        new SyntaxError(`Unexpected token ',', ...","d":[1,2,,3],"e":"x"... is not valid JSON`),
      ),
    ).toEqual({ reason: "Unexpected token ','", line: 1, column: 29 });
    expect(
      describeJsonSyntaxError('{"a":x}', new SyntaxError(`Unexpected token 'x', "{"a":x}" is not valid JSON`)),
    ).toEqual({ reason: "Unexpected token 'x'", line: 1, column: 6 });
  });

  it("gives no location when the window is ambiguous", () => {
    const text = "[1,,2,,3]";
    expect(
      describeJsonSyntaxError(text, new SyntaxError(`Unexpected token ',', ",," is not valid JSON`)).line,
    ).toBeUndefined();
  });
});
