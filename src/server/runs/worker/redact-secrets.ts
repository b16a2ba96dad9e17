/**
 * Keeps provider keys out of everything a worker stores. The runtime masks
 * them in the prompts it records (RunOptions.secrets); a key can still come
 * back in a model's answer, a provider's error message or a tool result, so
 * the worker masks every event and every saved session message as well.
 */
import type { EventSink, SessionStore } from "@/core/runtime";

/** What a secret becomes (the runtime's own marker). */
export const REDACTED = "[redacted]";

/**
 * `value` with every occurrence of a secret in any string replaced by
 * `[redacted]`; the same object when there was none (no copy on the hot path).
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return redactValue(value, secrets) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") {
    let out = value;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = redactValue(value[i], secrets);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (typeof value === "object" && value !== null) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const next = redactValue(item, secrets);
      if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return copy ?? value;
  }
  return value;
}

/** A sink that passes each event, masked, to `sink`. */
export function redactingSink(sink: EventSink, secrets: readonly string[]): EventSink {
  if (secrets.length === 0) return sink;
  return (event) => sink(redactSecrets(event, secrets));
}

/** A session store that masks the messages it saves. */
export function redactingSessionStore(store: SessionStore, secrets: readonly string[]): SessionStore {
  if (secrets.length === 0) return store;
  return {
    load: (key) => store.load(key),
    save: (session) => store.save({ ...session, messages: redactSecrets(session.messages, secrets) }),
  };
}
