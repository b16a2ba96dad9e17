/**
 * What a person types to add or change a model provider (Settings →
 * Providers), validated once here for the form and the procedures alike.
 * Pure: the key is checked for shape only (the server's "test connection"
 * asks the provider itself).
 */
import { z } from "zod";

/** Provider kinds a workspace can hold (the database's names). */
export const PROVIDER_KINDS = ["openai", "anthropic", "openai_compatible"] as const;
export const providerKindSchema = z.enum(PROVIDER_KINDS);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/** Labels for people. */
export const PROVIDER_KIND_LABELS: Record<ProviderKind, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  openai_compatible: "OpenAI-compatible",
};

/** The provider string chain entries and the price table use for a kind. */
export const CHAIN_PROVIDER_OF_KIND = {
  openai: "openai",
  anthropic: "anthropic",
  openai_compatible: "openai-compatible",
} as const satisfies Record<ProviderKind, string>;

/** The endpoint each kind talks to when no base URL is set (the AI SDK's defaults). */
export const DEFAULT_BASE_URLS: Record<Exclude<ProviderKind, "openai_compatible">, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};

export const providerIdSchema = z.uuid("Provider ids are UUIDs.");

/** A provider's name: shown in Settings and the editor's model picker, unique in the workspace. */
export const providerNameSchema = z
  .string()
  .trim()
  .min(1, "Give the provider a name.")
  .max(60, "The name is too long (60 characters at most).");

const QUERY_SECRET = /(key|token|secret|password|auth|sig)/i;

/**
 * Why `text` cannot be a provider's base URL, or null when it can: an
 * http(s) URL without user:password, query string or fragment (keys go in
 * the key field, where they are sealed, never in a URL that is shown).
 * Loopback and private addresses are allowed: a local Ollama or vLLM is the
 * main use of OpenAI-compatible providers, and only owners add providers.
 */
export function baseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text.length > 80 ? `${text.slice(0, 80)}…` : text}" is not a URL: write it like http://localhost:11434/v1.`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `The base URL must start with http:// or https:// (not ${url.protocol}//).`;
  if (url.username || url.password)
    return "The base URL must not contain a user name or password: put the key in the API key field.";
  if (url.search) {
    const names = [...url.searchParams.keys()];
    return names.some((name) => QUERY_SECRET.test(name))
      ? "The base URL must not carry a key in its query string: put the key in the API key field, where it is stored encrypted."
      : "The base URL must not have a query string (?…): give the API's base path only, e.g. http://localhost:11434/v1.";
  }
  if (url.hash) return "The base URL must not have a fragment (#…).";
  return null;
}

/** A base URL: trimmed, checked by `baseUrlProblem`, trailing slashes removed. */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the base URL.")
  .max(2000, "The base URL is too long (2,000 characters at most).")
  .superRefine((text, ctx) => {
    const problem = baseUrlProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((text) => text.replace(/\/+$/, ""));

/**
 * Why `key` cannot be a key of `kind`, or null when it looks like one:
 * spaces or line breaks inside, a pasted "Bearer " prefix or quotes, and
 * keys of the other vendor (Anthropic's start with sk-ant-; OpenAI's with
 * sk- but never sk-ant-). OpenAI-compatible servers take any key, except an
 * Anthropic one (almost certainly pasted into the wrong provider).
 */
export function apiKeyProblem(kind: ProviderKind, key: string): string | null {
  if (key.length === 0) return "Enter the API key.";
  if (/^bearer\s/i.test(key)) return 'Paste the key without the "Bearer " prefix.';
  if (/\s/.test(key)) return "The key contains spaces or line breaks: copy it again, without them.";
  if (/^["'`]|["'`]$/.test(key)) return "Paste the key without quotes.";
  if (/[^\x21-\x7e]/.test(key)) return "The key contains characters that no API key has: copy it again.";
  // Local servers often take any token (Ollama's docs use "ollama"); vendor keys are long.
  if (key.length < 8 && kind !== "openai_compatible") return "This is too short to be an API key.";
  if (key.length > 500) return "This is too long to be an API key (500 characters at most).";
  const anthropicKey = key.startsWith("sk-ant-");
  if (kind === "openai" && anthropicKey)
    return "This is an Anthropic key (sk-ant-…): add it as an Anthropic provider, or paste your OpenAI key (sk-…).";
  if (kind === "openai" && !key.startsWith("sk-"))
    return "OpenAI keys start with sk-: check that this is an OpenAI key.";
  if (kind === "anthropic" && !anthropicKey)
    return key.startsWith("sk-")
      ? "This looks like an OpenAI key: Anthropic keys start with sk-ant-. Add it as an OpenAI provider, or paste your Anthropic key."
      : "Anthropic keys start with sk-ant-: check that this is an Anthropic key.";
  if (kind === "openai_compatible" && anthropicKey)
    return "This is an Anthropic key (sk-ant-…): add it as an Anthropic provider.";
  return null;
}

/** A key as typed: surrounding spaces (a paste's trailing newline) dropped; empty = none. */
const apiKeyTextSchema = z
  .string()
  .max(2000, "This is too long to be an API key.")
  .transform((text) => text.trim());

const providerFields = {
  name: providerNameSchema,
  /** Empty or null means none (the kind's default endpoint); absent on update = keep. */
  baseUrl: z
    .preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), baseUrlSchema.nullable())
    .optional(),
  /** Write-only: sealed on the server, never read back. Empty on update = keep the stored key. */
  apiKey: apiKeyTextSchema.optional(),
};

/** A problem with one field of a provider. */
export interface ProviderFieldProblem {
  path: "baseUrl" | "apiKey";
  message: string;
}

/**
 * What depends on the kind: the base URL OpenAI-compatible servers need and
 * the key's shape (`keyRequired`: OpenAI and Anthropic need one to be
 * added). The server runs it again on an update, against the stored kind.
 */
export function providerProblems(
  kind: ProviderKind,
  value: { baseUrl?: string | null; apiKey?: string | null },
  keyRequired: boolean,
): ProviderFieldProblem[] {
  const problems: ProviderFieldProblem[] = [];
  if (kind === "openai_compatible" && !value.baseUrl)
    problems.push({
      path: "baseUrl",
      message: "OpenAI-compatible providers need a base URL, e.g. http://localhost:11434/v1 for Ollama.",
    });
  if (value.apiKey) {
    const problem = apiKeyProblem(kind, value.apiKey);
    if (problem) problems.push({ path: "apiKey", message: problem });
  } else if (keyRequired && kind !== "openai_compatible") {
    problems.push({ path: "apiKey", message: `${PROVIDER_KIND_LABELS[kind]} needs an API key.` });
  }
  return problems;
}

function checkForKind(
  kind: ProviderKind,
  value: { baseUrl?: string | null; apiKey?: string | null },
  ctx: z.RefinementCtx,
  keyRequired: boolean,
): void {
  for (const problem of providerProblems(kind, value, keyRequired))
    ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
}

/** A new provider (Add provider dialog, `providers.create`). */
export const providerCreateSchema = z
  .strictObject({ kind: providerKindSchema, ...providerFields })
  .superRefine((value, ctx) => checkForKind(value.kind, value, ctx, true));

export type ProviderCreateInput = z.input<typeof providerCreateSchema>;
export type ProviderCreate = z.output<typeof providerCreateSchema>;

/**
 * A change to a provider (`providers.update`); the kind is fixed once
 * created. `apiKey` empty or absent keeps the stored key; `removeKey`
 * forgets it (OpenAI-compatible servers that need none).
 */
export const providerUpdateSchema = z.strictObject({
  id: providerIdSchema,
  ...providerFields,
  name: providerNameSchema.optional(),
  removeKey: z.boolean().optional(),
});

export type ProviderUpdateInput = z.input<typeof providerUpdateSchema>;
export type ProviderUpdate = z.output<typeof providerUpdateSchema>;

/**
 * The edit form's schema for a provider of `kind`: the same fields, checked
 * against the kind (the server runs the same check against the stored kind).
 */
export function providerEditSchema(kind: ProviderKind) {
  return providerUpdateSchema.superRefine((value, ctx) =>
    checkForKind(kind, { ...value, apiKey: value.removeKey ? null : value.apiKey }, ctx, false),
  );
}

/** Model ids as typed for a provider without a models endpoint: one per line or comma-separated. */
export const modelListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, "A model id cannot be empty.")
      .max(200, "A model id is too long (200 characters at most)."),
  )
  .max(500, "Keep the list to 500 models.")
  .transform((models) => [...new Set(models)]);

/** `providers.setModels`: replaces a provider's model list. */
export const providerModelsSchema = z.strictObject({ id: providerIdSchema, models: modelListSchema });

/** Splits free text (lines or commas) into model ids. */
export function parseModelList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
