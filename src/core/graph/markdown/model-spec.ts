import {
  modelRefSchema,
  providerSchema,
  type ModelChain,
  type ModelRef,
  type ModelRefInput,
} from "../../models/model-ref";

/**
 * Claude Code's model shorthands (`model: sonnet`) mapped to provider models,
 * so its agent files import as they are; `inherit` means no own chain.
 * Callers can pass their own table (model ids move faster than this file).
 */
export const DEFAULT_MODEL_ALIASES: Readonly<Record<string, string>> = {
  sonnet: "anthropic:claude-sonnet-4-5",
  opus: "anthropic:claude-opus-4-1",
  haiku: "anthropic:claude-haiku-4-5",
};

/** A problem with a model spec, for the importer to wrap with the file name. */
export class ModelSpecProblem extends Error {}

/**
 * Reads the `model` field: `provider:model` (split at the first colon, so
 * `openai-compatible:llama3.1:8b` works), a Claude Code alias, `inherit`, or a
 * list of those and/or full model objects for a fallback chain.
 */
export function parseModelSpec(
  value: unknown,
  aliases: Readonly<Record<string, string>> = DEFAULT_MODEL_ALIASES,
): ModelChain {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 1 && items[0] === "inherit") return [];
  return items.map((item, i) => {
    const where = Array.isArray(value) ? `entry ${i + 1}: ` : "";
    if (typeof item === "string") return parseModelString(item, aliases, where);
    if (item !== null && typeof item === "object") {
      const parsed = modelRefSchema.safeParse(item);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      throw new ModelSpecProblem(`${where}${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
    }
    throw new ModelSpecProblem(
      `${where}expected "provider:model" (e.g. "openai:gpt-4o-mini"), got ${JSON.stringify(item)}`,
    );
  });
}

function parseModelString(text: string, aliases: Readonly<Record<string, string>>, where: string): ModelRef {
  const spec = aliases[text.trim()] ?? text.trim();
  const colon = spec.indexOf(":");
  if (colon < 0) {
    throw new ModelSpecProblem(
      `${where}"${text}" has no provider; write "provider:model", e.g. "openai:gpt-4o-mini" (providers: ${providerSchema.options.join(", ")})`,
    );
  }
  const provider = spec.slice(0, colon);
  const parsed = modelRefSchema.safeParse({ provider, model: spec.slice(colon + 1) });
  if (parsed.success) return parsed.data;
  if (!providerSchema.safeParse(provider).success) {
    throw new ModelSpecProblem(
      `${where}unknown provider "${provider}" in "${text}"; use one of ${providerSchema.options.join(", ")}`,
    );
  }
  throw new ModelSpecProblem(`${where}"${text}": ${parsed.error.issues[0].message}`);
}

/**
 * Writes a chain back: `provider:model` strings for entries that carry
 * nothing but defaults, the full object otherwise (so scripted scripts, base
 * URLs and retry settings survive a round trip); a single string alone.
 */
export function formatModelChain(chain: ModelChain): string | (string | ModelRef)[] {
  const items = chain.map((ref) => (isPlain(ref) ? `${ref.provider}:${ref.model}` : ref));
  return items.length === 1 && typeof items[0] === "string" ? items[0] : items;
}

function isPlain(ref: ModelRef): boolean {
  const minimal: ModelRefInput = { provider: ref.provider, model: ref.model } as ModelRefInput;
  return JSON.stringify(modelRefSchema.parse(minimal)) === JSON.stringify(ref) && !ref.model.includes("\n");
}
