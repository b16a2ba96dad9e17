import { describe, expect, it } from "vitest";

import { modelRefSchema } from "@/core/models/model-ref";

import { choiceOf, providerChoices, providerOf, withChoice, type WorkspaceProvider } from "./provider-choice";

const OLLAMA: WorkspaceProvider = {
  id: "0194f2c4-0000-7000-8000-000000000001",
  kind: "openai_compatible",
  name: "Ollama",
  models: ["llama3.1:8b", "qwen2.5:7b"],
};
const CLAUDE: WorkspaceProvider = {
  id: "0194f2c4-0000-7000-8000-000000000002",
  kind: "anthropic",
  name: "Claude",
  models: [],
};
const scripted = modelRefSchema.parse({ provider: "scripted", model: "gpt-4o-mini", retries: 2 });

describe("the model picker's provider choice", () => {
  it("picks a workspace provider: kind, credentialId and one of its models, nothing else", () => {
    const picked = withChoice(scripted, `provider:${OLLAMA.id}`, [OLLAMA, CLAUDE]);
    expect(picked).toEqual({
      provider: "openai-compatible",
      model: "llama3.1:8b",
      retries: 2,
      timeoutMillis: 60_000,
      credentialId: OLLAMA.id,
    });
    expect(choiceOf(picked)).toBe(`provider:${OLLAMA.id}`);
    expect(providerOf(picked, [OLLAMA])).toBe(OLLAMA);
  });

  it("keeps the model when the provider lists no models or lists it", () => {
    expect(withChoice(scripted, `provider:${CLAUDE.id}`, [CLAUDE])).toMatchObject({
      provider: "anthropic",
      model: "gpt-4o-mini",
      credentialId: CLAUDE.id,
    });
  });

  it("goes back to the scripted model or the environment without a credential", () => {
    const picked = withChoice(scripted, `provider:${OLLAMA.id}`, [OLLAMA]);
    expect(withChoice(picked, "scripted", [OLLAMA])).toMatchObject({ provider: "scripted", model: "llama3.1:8b" });
    const env = withChoice(picked, "env:openai", [OLLAMA]);
    expect(env).toEqual({ provider: "openai", model: "llama3.1:8b", retries: 2, timeoutMillis: 60_000 });
    expect(choiceOf(env)).toBe("env:openai");
  });

  it("lists the scripted model, the workspace's providers, a missing one, then the environment", () => {
    const missing = modelRefSchema.parse({ provider: "openai", model: "gpt-4o", credentialId: "gone" });
    const labels = providerChoices([OLLAMA], missing).map((choice) => choice.label);
    expect(labels).toEqual([
      "Scripted (simulated)",
      "Ollama · OpenAI-compatible",
      "Missing provider (deleted or of another workspace)",
      "OpenAI (server environment key)",
      "Anthropic (server environment key)",
      "OpenAI-compatible (server environment)",
    ]);
    expect(withChoice(missing, "provider:gone", [OLLAMA])).toBe(missing);
  });
});
