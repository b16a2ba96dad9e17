import { modelRefSchema, type ModelRef } from "@/core/models/model-ref";
import { CHAIN_PROVIDER_OF_KIND, PROVIDER_KIND_LABELS, type ProviderKind } from "@/core/providers/provider-input";

/** What the model picker needs of a workspace provider (from `providers.list`: never a key). */
export interface WorkspaceProvider {
  id: string;
  kind: ProviderKind;
  name: string;
  models: string[];
}

/** One option of a chain entry's provider select. */
export interface ProviderChoice {
  value: string;
  label: string;
}

const SCRIPTED = "scripted";
const ENV_LABELS = {
  openai: "OpenAI (server environment key)",
  anthropic: "Anthropic (server environment key)",
  "openai-compatible": "OpenAI-compatible (server environment)",
} as const;

/**
 * The select's value for a chain entry: the scripted simulator, a workspace
 * provider (`provider:<id>`, from the entry's credentialId), or a provider
 * kind on the server's environment keys (`env:<provider>`).
 */
export function choiceOf(ref: ModelRef): string {
  if (ref.provider === "scripted") return SCRIPTED;
  if (ref.credentialId) return `provider:${ref.credentialId}`;
  return `env:${ref.provider}`;
}

/**
 * The options: the scripted simulator, each workspace provider, then the
 * environment's. An entry naming a provider that is not in the list (deleted,
 * or the graph came from another workspace) keeps an option saying so.
 */
export function providerChoices(providers: readonly WorkspaceProvider[], current: ModelRef): ProviderChoice[] {
  const choices: ProviderChoice[] = [{ value: SCRIPTED, label: "Scripted (simulated)" }];
  for (const provider of providers)
    choices.push({
      value: `provider:${provider.id}`,
      label: `${provider.name} · ${PROVIDER_KIND_LABELS[provider.kind]}`,
    });
  const currentChoice = choiceOf(current);
  if (currentChoice.startsWith("provider:") && !providers.some((p) => `provider:${p.id}` === currentChoice))
    choices.push({ value: currentChoice, label: "Missing provider (deleted or of another workspace)" });
  for (const provider of ["openai", "anthropic", "openai-compatible"] as const)
    choices.push({ value: `env:${provider}`, label: ENV_LABELS[provider] });
  return choices;
}

/** The workspace provider an entry names, if it is in the list. */
export function providerOf(ref: ModelRef, providers: readonly WorkspaceProvider[]): WorkspaceProvider | undefined {
  return ref.provider === "scripted" || !ref.credentialId
    ? undefined
    : providers.find((provider) => provider.id === ref.credentialId);
}

/**
 * The entry after picking `choice`: the common fields kept, the provider's
 * own reset. A workspace provider sets the kind and `credentialId` (never a
 * key or URL: documents keep references only); the model stays when that
 * provider lists it (or lists nothing), else becomes its first model.
 */
export function withChoice(ref: ModelRef, choice: string, providers: readonly WorkspaceProvider[]): ModelRef {
  const { model, retries, timeoutMillis } = ref;
  if (choice === SCRIPTED) return modelRefSchema.parse({ provider: "scripted", model, retries, timeoutMillis });
  if (choice.startsWith("env:"))
    return modelRefSchema.parse({ provider: choice.slice(4), model, retries, timeoutMillis });
  const provider = providers.find((candidate) => `provider:${candidate.id}` === choice);
  if (!provider) return ref;
  const keepModel = provider.models.length === 0 || provider.models.includes(model);
  return modelRefSchema.parse({
    provider: CHAIN_PROVIDER_OF_KIND[provider.kind],
    model: keepModel ? model : provider.models[0],
    retries,
    timeoutMillis,
    credentialId: provider.id,
  });
}
