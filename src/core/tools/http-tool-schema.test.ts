import { describe, expect, it } from "vitest";

import {
  allowedHostSchema,
  httpToolFormSchema,
  httpToolFormValues,
  httpToolInputSchema,
  placeholders,
  sampleArguments,
  secretReferences,
} from "./http-tool-schema";

const base = {
  name: "get_weather",
  method: "GET" as const,
  urlTemplate: "https://api.example.com/weather/{{city}}",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

function messages(input: unknown): string[] {
  const result = httpToolInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("httpToolInputSchema", () => {
  it("accepts a tool and fills defaults", () => {
    expect(httpToolInputSchema.parse(base)).toEqual({
      ...base,
      description: "",
      headers: [],
      timeoutMs: 10_000,
      maxResponseBytes: 1_048_576,
    });
  });

  it("refuses built-in names and names a model cannot call", () => {
    expect(messages({ ...base, name: "calculator" })).toEqual([
      "name: this is the name of a built-in tool; choose another name",
    ]);
    expect(messages({ ...base, name: "task_list" })).toHaveLength(1);
    expect(messages({ ...base, name: "get weather" })).toEqual(["name: tool names use letters, digits, _ and -"]);
  });

  it("refuses URL placeholders the parameters do not declare, and secrets in the URL", () => {
    expect(messages({ ...base, urlTemplate: "https://x.example/{{town}}" })).toEqual([
      'urlTemplate: {{town}} is not a parameter: add "town" to the parameters schema\'s properties',
    ]);
    expect(messages({ ...base, urlTemplate: "https://x.example/{{city}}?key={{secrets.KEY}}" })).toEqual([
      "urlTemplate: {{secrets.KEY}}: secrets cannot go into the URL (it is shown in traces); send them in a header",
    ]);
  });

  it("refuses URLs that are not http(s) or carry credentials", () => {
    expect(messages({ ...base, urlTemplate: "ftp://x.example/{{city}}" })).toEqual([
      "urlTemplate: the URL must start with https:// or http://",
    ]);
    expect(messages({ ...base, urlTemplate: "x.example/{{city}}" })).toEqual([
      "urlTemplate: enter a full URL starting with https:// or http://",
    ]);
    expect(messages({ ...base, urlTemplate: "https://u:p@x.example/{{city}}" })).toEqual([
      "urlTemplate: put credentials in a header with a secret, not in the URL",
    ]);
  });

  it("allows only secret references in header values, and no server-set headers", () => {
    expect(messages({ ...base, headers: [{ name: "Authorization", value: "Bearer {{secrets.TOKEN}}" }] })).toEqual([]);
    expect(messages({ ...base, headers: [{ name: "X-City", value: "{{city}}" }] })).toEqual([
      "headers.0.value: {{city}}: header values may only reference secrets, as {{secrets.NAME}}",
    ]);
    expect(messages({ ...base, headers: [{ name: "Host", value: "evil" }] })).toEqual([
      "headers.0.name: this header is set by the server",
    ]);
    expect(messages({ ...base, headers: [{ name: "X-A", value: "a\r\nX-B: b" }] })).toEqual([
      "headers.0.value: header values are one line",
    ]);
  });

  it("needs an object parameters schema and sane limits", () => {
    expect(messages({ ...base, urlTemplate: "https://x.example/", parameters: { type: "array" } })).toEqual([
      'parameters: the parameters schema must have "type": "object"',
    ]);
    expect(messages({ ...base, timeoutMs: 10 })).toEqual(["timeoutMs: at least 100 ms"]);
    expect(messages({ ...base, maxResponseBytes: 50 * 1_048_576 })).toEqual([
      "maxResponseBytes: at most 10 MB (10,485,760 bytes)",
    ]);
  });
});

describe("placeholders and secret references", () => {
  it("finds them with spaces trimmed", () => {
    expect(placeholders("a {{ x }} b {{secrets.T}}")).toEqual(["x", "secrets.T"]);
    expect(secretReferences("Bearer {{secrets.T}} {{ secrets.T }} {{secrets.U}} {{x}}")).toEqual(["T", "U"]);
  });
});

describe("allowedHostSchema", () => {
  it.each([
    ["localhost", "localhost"],
    ["LocalHost:8080", "localhost:8080"],
    ["localhost:80", "localhost:80"],
    ["127.0.0.1:3000", "127.0.0.1:3000"],
    ["2130706433", "127.0.0.1"],
    ["[::1]:9000", "[::1]:9000"],
    ["[::1]", "[::1]"],
    ["  Internal.Example.  ", "internal.example"],
  ])("normalises %s to %s", (text, host) => {
    expect(allowedHostSchema.parse(text)).toBe(host);
  });

  it.each(["http://localhost:8080", "localhost/path", "user@host", "host:99999", "", "a b"])("refuses %j", (text) => {
    expect(allowedHostSchema.safeParse(text).success).toBe(false);
  });

  it("says a URL is not a host", () => {
    const result = allowedHostSchema.safeParse("http://localhost:8080/");
    expect(result.error?.issues[0]?.message).toBe(
      "enter a host name or IP address, optionally with :port (e.g. localhost:8080 or 10.0.0.5), not a URL",
    );
  });
});

describe("httpToolFormSchema", () => {
  it("parses the parameters text and validates the tool", () => {
    const values = { ...httpToolFormValues(), name: "t", urlTemplate: "https://x.example/{{q}}" };
    const bad = httpToolFormSchema.safeParse({ ...values, parametersText: "{ nope" });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["parametersText"]);
    const unknown = httpToolFormSchema.safeParse(values);
    expect(unknown.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["urlTemplate", '{{q}} is not a parameter: add "q" to the parameters schema\'s properties'],
    ]);
    const notObject = httpToolFormSchema.safeParse({
      ...values,
      urlTemplate: "https://x.example/",
      parametersText: "[]",
    });
    expect(notObject.error?.issues[0]?.path).toEqual(["parametersText"]);
    const ok = httpToolFormSchema.parse({
      ...values,
      parametersText: '{"type":"object","properties":{"q":{"type":"string"}}}',
    });
    expect(ok).toMatchObject({ name: "t", parameters: { type: "object", properties: { q: { type: "string" } } } });
  });

  it("samples arguments from the parameters", () => {
    expect(
      sampleArguments({
        type: "object",
        properties: { q: { type: "string" }, n: { type: "integer" }, u: { type: "string", example: "metric" } },
      }),
    ).toEqual({ q: "", n: 1, u: "metric" });
  });
});
