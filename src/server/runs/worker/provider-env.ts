/**
 * Model providers of a worker, from its environment: the API keys runs use
 * and the secrets masked in what they store.
 */
import { z } from "zod";
import type { ModelRef } from "@/core/models/model-ref";
import type { ProviderCredential, ResolveCredential } from "@/server/models/credentials";

const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().optional(),
);

const providerEnvSchema = z.object({
  OPENAI_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  /** The server `openai-compatible` chain entries without a `baseURL` of their own talk to (Ollama, vLLM, a gateway…). */
  OPENAI_COMPATIBLE_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_COMPATIBLE_API_KEY: optionalText,
});

/** The provider variables, validated. */
export type ProviderEnv = z.infer<typeof providerEnvSchema>;

/** What `createRunPorts` and the run options need from the provider variables. */
export interface WorkerProviders {
  resolveCredential: ResolveCredential;
  /** Every key value: masked in stored events and sessions. */
  secrets: string[];
  /** Providers with a key (for the start-up line; never the keys). */
  configured: string[];
}

/** Reads the provider variables; throws with the variable's name when one is unusable. */
export function parseProviderEnv(source: Record<string, string | undefined> = process.env): ProviderEnv {
  const result = providerEnvSchema.safeParse(source);
  if (!result.success)
    throw new Error(
      `Invalid environment: ${result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`,
    );
  return result.data;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The credentials a worker hands to the AI SDK adapters. An
 * `openai-compatible` entry naming its own `baseURL` only gets
 * OPENAI_COMPATIBLE_API_KEY when that URL is the configured one: a graph
 * must not be able to send the key to a server of its choosing.
 */
export function providersFromEnv(env: ProviderEnv): WorkerProviders {
  const compatibleBase = env.OPENAI_COMPATIBLE_BASE_URL;
  const resolveCredential = (entry: ModelRef): ProviderCredential | null => {
    switch (entry.provider) {
      case "openai":
        return env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : null;
      case "anthropic":
        return env.ANTHROPIC_API_KEY ? { apiKey: env.ANTHROPIC_API_KEY } : null;
      case "openai-compatible": {
        const own = entry.baseURL;
        if (own && (!compatibleBase || trimSlash(own) !== trimSlash(compatibleBase))) return null;
        if (!compatibleBase) return null;
        return {
          baseURL: compatibleBase,
          ...(env.OPENAI_COMPATIBLE_API_KEY && { apiKey: env.OPENAI_COMPATIBLE_API_KEY }),
        };
      }
      case "scripted":
        return null;
    }
  };
  const secrets = [env.OPENAI_API_KEY, env.ANTHROPIC_API_KEY, env.OPENAI_COMPATIBLE_API_KEY].filter(
    (value): value is string => value !== undefined,
  );
  const configured = [
    env.OPENAI_API_KEY && "openai",
    env.ANTHROPIC_API_KEY && "anthropic",
    compatibleBase && `openai-compatible (${compatibleBase})`,
  ].filter((value): value is string => Boolean(value));
  return { resolveCredential, secrets, configured };
}
