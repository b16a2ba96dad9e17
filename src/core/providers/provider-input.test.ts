import { describe, expect, it } from "vitest";

import {
  apiKeyProblem,
  baseUrlProblem,
  parseModelList,
  providerCreateSchema,
  providerEditSchema,
} from "./provider-input";

function messages(input: unknown, schema = providerCreateSchema): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("provider keys", () => {
  it("refuses keys of the other vendor", () => {
    expect(apiKeyProblem("openai", "sk-ant-api03-abcdefgh")).toMatch(/Anthropic key/);
    expect(apiKeyProblem("openai_compatible", "sk-ant-api03-abcdefgh")).toMatch(/Anthropic key/);
    expect(apiKeyProblem("anthropic", "sk-proj-abcdefgh")).toMatch(/looks like an OpenAI key/);
    expect(apiKeyProblem("anthropic", "AIzaSyabcdefgh")).toMatch(/start with sk-ant-/);
    expect(apiKeyProblem("openai", "AIzaSyabcdefgh")).toMatch(/OpenAI keys start with sk-/);
  });

  it("refuses pasting mistakes and accepts real-looking keys", () => {
    expect(apiKeyProblem("openai", "sk-abc def")).toMatch(/spaces or line breaks/);
    expect(apiKeyProblem("openai", "Bearer sk-abcdefgh")).toMatch(/Bearer/);
    expect(apiKeyProblem("openai", '"sk-abcdefgh"')).toMatch(/quotes/);
    expect(apiKeyProblem("openai", "sk-abcdéfgh")).toMatch(/characters/);
    expect(apiKeyProblem("openai", "sk-a")).toMatch(/too short/);
    expect(apiKeyProblem("openai", "sk-proj-abcdefgh1234")).toBeNull();
    expect(apiKeyProblem("anthropic", "sk-ant-api03-abcdefgh")).toBeNull();
    expect(apiKeyProblem("openai_compatible", "ollama")).toBeNull();
    expect(apiKeyProblem("openai_compatible", "sk-or-v1-abcdefgh")).toBeNull();
  });

  it("trims a pasted trailing newline and requires a key for OpenAI and Anthropic", () => {
    expect(providerCreateSchema.parse({ kind: "openai", name: " OpenAI ", apiKey: "sk-abcdefgh1234\n" })).toEqual({
      kind: "openai",
      name: "OpenAI",
      apiKey: "sk-abcdefgh1234",
    });
    expect(messages({ kind: "anthropic", name: "Claude" })).toEqual(["apiKey: Anthropic needs an API key."]);
    expect(messages({ kind: "openai_compatible", name: "Ollama", baseUrl: "http://localhost:11434/v1" })).toEqual([]);
  });
});

describe("base URLs", () => {
  it("names what is wrong with a URL", () => {
    expect(baseUrlProblem("localhost:11434")).toMatch(/must start with http/);
    expect(baseUrlProblem("not a url")).toMatch(/is not a URL/);
    expect(baseUrlProblem("https://u:p@example.com/v1")).toMatch(/user name or password/);
    expect(baseUrlProblem("https://example.com/v1?key=abc")).toMatch(/carry a key/);
    expect(baseUrlProblem("https://example.com/v1?region=eu")).toMatch(/query string/);
    expect(baseUrlProblem("https://example.com/v1#x")).toMatch(/fragment/);
    expect(baseUrlProblem("http://127.0.0.1:11434/v1")).toBeNull();
  });

  it("requires one for OpenAI-compatible providers and trims trailing slashes", () => {
    expect(messages({ kind: "openai_compatible", name: "X", baseUrl: "" })).toEqual([
      "baseUrl: OpenAI-compatible providers need a base URL, e.g. http://localhost:11434/v1 for Ollama.",
    ]);
    expect(
      providerCreateSchema.parse({ kind: "openai_compatible", name: "X", baseUrl: "http://localhost:8000/v1//" }),
    ).toMatchObject({ baseUrl: "http://localhost:8000/v1" });
  });

  it("checks an edit against the provider's kind; an empty key keeps the stored one", () => {
    const id = "0194f2c4-0000-7000-8000-000000000001";
    expect(messages({ id, name: "X", apiKey: "" }, providerEditSchema("openai") as never)).toEqual([]);
    expect(messages({ id, apiKey: "sk-ant-api03-abcdefgh" }, providerEditSchema("openai") as never)).toEqual([
      "apiKey: This is an Anthropic key (sk-ant-…): add it as an Anthropic provider, or paste your OpenAI key (sk-…).",
    ]);
  });
});

describe("typed model lists", () => {
  it("splits lines and commas", () => {
    expect(parseModelList("llama3.1:8b\n qwen2.5:7b , mistral\n\n")).toEqual(["llama3.1:8b", "qwen2.5:7b", "mistral"]);
  });
});
