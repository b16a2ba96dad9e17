import { describe, expect, it } from "vitest";

import { httpToolInputSchema } from "@/core/tools/http-tool-schema";
import { ToolArgumentsError } from "@/server/errors/tool-arguments-error";

import { buildHttpRequest } from "./build-http-request";

const tool = (over: Record<string, unknown> = {}) =>
  httpToolInputSchema.parse({
    name: "search",
    method: "GET",
    urlTemplate: "https://api.example.com/repos/{{owner}}/{{repo}}/issues",
    parameters: {
      type: "object",
      properties: {
        owner: { type: "string" },
        repo: { type: "string" },
        q: { type: "string" },
        labels: { type: "array" },
      },
      required: ["owner"],
    },
    headers: [{ name: "Authorization", value: "Bearer {{secrets.TOKEN}}" }],
    ...over,
  });

const secrets = new Map([["TOKEN", "tok-123"]]);

describe("buildHttpRequest", () => {
  it("fills and URL-encodes placeholders, sends the rest as query on GET, fills secrets in headers", () => {
    const request = buildHttpRequest(tool(), { owner: "a b/c", repo: "r?#", q: "x&y", labels: ["bug", "ui"] }, secrets);
    expect(request.url.href).toBe(
      "https://api.example.com/repos/a%20b%2Fc/r%3F%23/issues?q=x%26y&labels=bug&labels=ui",
    );
    expect(request.method).toBe("GET");
    expect(request.body).toBeUndefined();
    expect(request.headers.authorization).toBe("Bearer tok-123");
  });

  it("sends unused arguments as a JSON body on POST", () => {
    const request = buildHttpRequest(tool({ method: "POST" }), { owner: "o", repo: "r", q: "hi", n: 2 }, secrets);
    expect(request.url.href).toBe("https://api.example.com/repos/o/r/issues");
    expect(JSON.parse(request.body!)).toEqual({ q: "hi", n: 2 });
    expect(request.headers["content-type"]).toBe("application/json");
  });

  it("names a missing argument", () => {
    expect(() => buildHttpRequest(tool(), { repo: "r" }, secrets)).toThrow(
      new ToolArgumentsError("search", ["arguments.owner is required"]),
    );
    expect(() => buildHttpRequest(tool(), { owner: "o" }, secrets)).toThrow(
      "search needs the argument repo (the URL contains {{repo}}).",
    );
  });

  it("checks the arguments against the whole parameters schema before building anything", () => {
    const strict = tool({
      parameters: {
        type: "object",
        properties: {
          owner: { type: "string", minLength: 1 },
          repo: { type: "string" },
          state: { enum: ["open", "closed"] },
          per_page: { type: "integer", minimum: 1, maximum: 100 },
        },
        required: ["owner", "repo"],
        additionalProperties: false,
      },
    });
    expect(() =>
      buildHttpRequest(strict, { owner: "", repo: "r", state: "all", per_page: 500, sort: "new" }, secrets),
    ).toThrow(
      "search was not called: its arguments do not match its parameters schema: arguments.sort is not a parameter of this tool; " +
        'arguments.owner must NOT have fewer than 1 characters; arguments.state must be one of "open", "closed"; ' +
        "arguments.per_page must be <= 100. Call it again with arguments that match the schema.",
    );
    expect(buildHttpRequest(strict, { owner: "o", repo: "r", state: "open", per_page: 5 }, secrets).url.href).toBe(
      "https://api.example.com/repos/o/r/issues?state=open&per_page=5",
    );
  });

  it("names a secret the workspace does not have", () => {
    expect(() => buildHttpRequest(tool(), { owner: "o", repo: "r" }, new Map())).toThrow(
      "search: the header Authorization uses the secret TOKEN, which this workspace does not have; an owner can add it in Settings → Tools → Secrets.",
    );
  });

  it("refuses arguments that are not an object", () => {
    expect(() => buildHttpRequest(tool(), [1], secrets)).toThrow(
      "search takes a JSON object of arguments, not an array.",
    );
    expect(
      buildHttpRequest(tool({ urlTemplate: "https://x.example/", parameters: { type: "object" } }), null, secrets).url
        .href,
    ).toBe("https://x.example/");
  });
});
