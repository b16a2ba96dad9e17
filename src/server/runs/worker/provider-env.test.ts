import { describe, expect, it } from "vitest";
import { modelRefSchema } from "@/core/models/model-ref";
import { parseProviderEnv, providersFromEnv } from "./provider-env";

const ref = (value: Record<string, unknown>) => modelRefSchema.parse(value);

describe("providersFromEnv", () => {
  it("gives each provider its key, and lists every key as a secret", () => {
    const providers = providersFromEnv(
      parseProviderEnv({
        OPENAI_API_KEY: "sk-openai",
        ANTHROPIC_API_KEY: "sk-ant",
        OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1",
        OPENAI_COMPATIBLE_API_KEY: "sk-local",
      }),
    );
    expect(providers.resolveCredential(ref({ provider: "openai", model: "gpt-4o" }))).toEqual({ apiKey: "sk-openai" });
    expect(providers.resolveCredential(ref({ provider: "anthropic", model: "claude" }))).toEqual({ apiKey: "sk-ant" });
    expect(providers.resolveCredential(ref({ provider: "openai-compatible", model: "llama" }))).toEqual({
      baseURL: "http://localhost:11434/v1",
      apiKey: "sk-local",
    });
    expect(providers.secrets.sort()).toEqual(["sk-ant", "sk-local", "sk-openai"]);
    expect(providers.configured).toEqual(["openai", "anthropic", "openai-compatible (http://localhost:11434/v1)"]);
  });

  it("never sends the OpenAI-compatible key to a server a graph names itself", () => {
    const providers = providersFromEnv(
      parseProviderEnv({ OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1/", OPENAI_COMPATIBLE_API_KEY: "k" }),
    );
    const elsewhere = ref({ provider: "openai-compatible", model: "m", baseURL: "https://attacker.example/v1" });
    const same = ref({ provider: "openai-compatible", model: "m", baseURL: "http://localhost:11434/v1" });
    expect(providers.resolveCredential(elsewhere)).toBeNull();
    expect(providers.resolveCredential(same)).toMatchObject({ apiKey: "k" });
  });

  it("treats empty variables as unset and names a bad one", () => {
    const providers = providersFromEnv(parseProviderEnv({ OPENAI_API_KEY: " ", OPENAI_COMPATIBLE_BASE_URL: "" }));
    expect(providers.secrets).toEqual([]);
    expect(providers.resolveCredential(ref({ provider: "openai", model: "gpt-4o" }))).toBeNull();
    expect(() => parseProviderEnv({ OPENAI_COMPATIBLE_BASE_URL: "localhost:11434" })).toThrow(
      /OPENAI_COMPATIBLE_BASE_URL/,
    );
  });
});
