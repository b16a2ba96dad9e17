import type { SessionStore, StoredSession } from "../ports";

/**
 * In-memory `SessionStore` for tests and the CLI. Copies on save and load so
 * callers see the same value semantics a database would give them.
 */
export class MemorySessionStore implements SessionStore {
  /** Created with the first save (one store per run is common: an empty Map is ~170 bytes). */
  private sessions: Map<string, StoredSession> | null = null;

  async load(key: string): Promise<StoredSession | null> {
    const session = this.sessions?.get(key);
    return session ? copySession(session) : null;
  }

  async save(session: StoredSession): Promise<void> {
    (this.sessions ??= new Map()).set(session.key, copySession(session));
  }

  /** Stored keys (for tests and debugging). */
  keys(): string[] {
    return this.sessions ? [...this.sessions.keys()] : [];
  }
}

/** Copies a session deeply enough that callers never share mutable state with the store (messages are flat). */
function copySession(session: StoredSession): StoredSession {
  return {
    ...session,
    messages: session.messages.map((message) =>
      message.role === "assistant" && message.toolCalls
        ? { ...message, toolCalls: message.toolCalls.map((call) => ({ ...call })) }
        : { ...message },
    ),
  };
}
