/**
 * "Test connection": one real call to a provider's models endpoint, with a
 * timeout, told in words a person can act on, and the model ids it lists.
 * The key never appears in what this returns, even when a provider echoes it.
 */
import { DEFAULT_BASE_URLS, type ProviderKind } from "@/core/providers/provider-input";

/** What the check found. `models` is null when the provider listed none (the stored list is kept). */
export interface ConnectionCheck {
  ok: boolean;
  message: string;
  models: string[] | null;
}

/** How long a check waits for the provider. */
export const CHECK_TIMEOUT_MS = 10_000;

/** The most model ids kept from one answer. */
const MAX_MODELS = 500;

/** Anthropic's API version header value (the one its SDK sends). */
const ANTHROPIC_VERSION = "2023-06-01";

export interface CheckTarget {
  kind: ProviderKind;
  baseUrl: string | null;
  apiKey: string | null;
}

/** The URL a check calls: `{base}/models`, base being the one the AI SDK uses for the kind. */
export function modelsUrl(target: Pick<CheckTarget, "kind" | "baseUrl">): string {
  const base = target.baseUrl ?? (target.kind === "openai_compatible" ? "" : DEFAULT_BASE_URLS[target.kind]);
  const url = `${base.replace(/\/+$/, "")}/models`;
  return target.kind === "anthropic" ? `${url}?limit=1000` : url;
}

function headersFor(target: CheckTarget): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (target.kind === "anthropic") {
    headers["anthropic-version"] = ANTHROPIC_VERSION;
    if (target.apiKey) headers["x-api-key"] = target.apiKey;
  } else if (target.apiKey) {
    headers.authorization = `Bearer ${target.apiKey}`;
  }
  return headers;
}

/** Calls the provider's models endpoint and says what happened. Never throws. */
export async function checkConnection(
  target: CheckTarget,
  options: { timeoutMs?: number; fetch?: typeof globalThis.fetch } = {},
): Promise<ConnectionCheck> {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = modelsUrl(target);
  const shownUrl = url.replace(/\?.*$/, "");
  const result = await callModels(doFetch, url, shownUrl, headersFor(target), timeoutMs);
  return { ...result, message: withoutKey(result.message, target.apiKey) };
}

async function callModels(
  doFetch: typeof globalThis.fetch,
  url: string,
  shownUrl: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ConnectionCheck> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { method: "GET", headers, signal, redirect: "error" });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) return failed(`Timed out after ${formatSeconds(timeoutMs)}: ${shownUrl} did not answer.`);
    return failed(`Could not reach ${shownUrl}: ${networkReason(error)}.`);
  }
  if (response.status === 401 || response.status === 403)
    return failed(
      `The key was refused (${response.status}): check it${detail(text) ? ` (the provider said: ${detail(text)})` : ""}.`,
    );
  if (response.status === 404)
    return failed(
      `No models endpoint at ${shownUrl} (404): check the base URL (it usually ends in /v1), or type the model names in.`,
    );
  if (!response.ok)
    return failed(
      `The provider answered ${response.status}${detail(text) ? `: ${detail(text)}` : ""}. Try again later, or check the base URL.`,
    );
  const models = modelIds(text);
  if (!models)
    return failed(
      `${shownUrl} answered, but not with a model list: check that the base URL points at the API (it usually ends in /v1).`,
    );
  return {
    ok: true,
    message:
      models.length === 0
        ? "Connected: the provider lists no models (type their names in)."
        : `Connected: ${models.length} ${models.length === 1 ? "model" : "models"}.`,
    models: models.length === 0 ? null : models,
  };
}

function failed(message: string): ConnectionCheck {
  return { ok: false, message, models: null };
}

/** `{data: [{id}]}` (OpenAI, Anthropic, Ollama, vLLM…) or `{models: [{name|id}]}`; null when it is neither. */
function modelIds(text: string): string[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== "object") return null;
  const list = (body as { data?: unknown; models?: unknown }).data ?? (body as { models?: unknown }).models;
  if (!Array.isArray(list)) return null;
  const ids = list
    .map((item: unknown) => {
      if (typeof item === "string") return item;
      if (!item || typeof item !== "object") return null;
      const record = item as { id?: unknown; name?: unknown };
      return typeof record.id === "string" ? record.id : typeof record.name === "string" ? record.name : null;
    })
    .filter((id): id is string => id !== null && id.trim() !== "" && id.length <= 200);
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b)).slice(0, MAX_MODELS);
}

/** The provider's own error message (OpenAI's and Anthropic's `error.message`), shortened. */
function detail(text: string): string {
  let message = "";
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const raw = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    if (typeof raw === "string") message = raw;
  } catch {
    message = "";
  }
  message = message.replace(/\s+/g, " ").trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused (is the server running, on this port?)",
  ENOTFOUND: "host not found (check the host name)",
  EAI_AGAIN: "the host name could not be resolved right now",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate could not be verified",
};

/** Why fetch failed, from undici's cause chain (`fetch failed` alone says nothing). */
function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
    if (typeof code === "string" && code.startsWith("ERR_TLS")) return "the TLS handshake failed";
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && /redirect/i.test(message))
      return "it answered with a redirect (give the final URL)";
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error && error.message ? error.message : "the request failed";
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** `text` with the key masked (a provider may echo what it was sent). */
function withoutKey(text: string, key: string | null): string {
  return key ? text.split(key).join("[redacted]") : text;
}
