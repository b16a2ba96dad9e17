import type pg from "pg";

import type { ChatMessage } from "@/core/models/messages";
import type { SessionStore, StoredSession } from "@/core/runtime/ports";
import { jsonbSafe } from "./write-batch";

/**
 * The runtime's agent sessions (the root's conversation memory,
 * REUSE_SESSION children) in `agent_sessions` + `session_messages`. A save
 * appends only the messages the stored transcript does not have yet (a
 * transcript only grows), so a long conversation costs one row per new
 * message, not a rewrite; a transcript that does not continue the stored one
 * (another writer saved meanwhile) replaces it, as the memory store would.
 */
export class PgSessionStore implements SessionStore {
  constructor(private readonly pool: pg.Pool) {}

  async load(key: string): Promise<StoredSession | null> {
    const { rows } = await this.pool.query<{
      session_id: string;
      agent_id: string;
      updated_at: Date;
      messages: ChatMessage[];
    }>({
      name: "ags_session_load",
      text: `SELECT s.session_id, s.agent_id, s.updated_at,
               COALESCE((SELECT json_agg(m.message ORDER BY m.position) FROM session_messages m
                         WHERE m.session_key = s.key), '[]') AS messages
             FROM agent_sessions s WHERE s.key = $1`,
      values: [key],
    });
    const row = rows[0];
    if (!row) return null;
    return {
      key,
      sessionId: row.session_id,
      agentId: row.agent_id,
      messages: row.messages,
      updatedAt: row.updated_at.getTime(),
    };
  }

  async save(session: StoredSession): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // Creates the row or locks it: concurrent saves of one key take turns.
      const head = await client.query<{ message_count: number }>({
        name: "ags_session_lock",
        text: `INSERT INTO agent_sessions (key, session_id, agent_id, conversation_id, message_count, updated_at)
               VALUES ($1, $2, $3, $4, 0, to_timestamp($5 / 1000.0))
               ON CONFLICT (key) DO UPDATE SET message_count = agent_sessions.message_count
               RETURNING message_count`,
        values: [session.key, session.sessionId, session.agentId, conversationIdOf(session.key), session.updatedAt],
      });
      const stored = head.rows[0].message_count;
      const messages = session.messages;
      let from = stored;
      if (
        stored > messages.length ||
        (stored > 0 && !(await this.lastMatches(client, session.key, stored, messages)))
      ) {
        await client.query("DELETE FROM session_messages WHERE session_key = $1", [session.key]);
        from = 0;
      }
      await client.query({
        name: "ags_session_append",
        text: `WITH added AS (
                 INSERT INTO session_messages (session_key, position, message)
                 SELECT $1, $2 + t.ord - 1, t.message FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(message, ord)
               )
               UPDATE agent_sessions SET session_id = $4, agent_id = $5, message_count = $6,
                 updated_at = to_timestamp($7 / 1000.0)
               WHERE key = $1`,
        values: [
          session.key,
          from,
          jsonbSafe(JSON.stringify(messages.slice(from))),
          session.sessionId,
          session.agentId,
          messages.length,
          session.updatedAt,
        ],
      });
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** True when the stored last message is the one at the same position of `messages` (the transcript continues it). */
  private async lastMatches(
    client: pg.PoolClient,
    key: string,
    stored: number,
    messages: readonly ChatMessage[],
  ): Promise<boolean> {
    const { rows } = await client.query<{ message: unknown }>({
      name: "ags_session_last",
      text: "SELECT message FROM session_messages WHERE session_key = $1 AND position = $2",
      values: [key, stored - 1],
    });
    return (
      rows.length === 1 && canonical(rows[0].message) === canonical(JSON.parse(JSON.stringify(messages[stored - 1])))
    );
  }
}

/** JSON with sorted keys: jsonb does not keep the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The conversation of `root:<conversation>:…` and `reuse:<conversation>:…` keys, when it is a uuid. */
export function conversationIdOf(key: string): string | null {
  const match = /^(?:root|reuse):([^:]*):/.exec(key);
  if (!match) return null;
  try {
    const id = decodeURIComponent(match[1]);
    return UUID.test(id) ? id : null;
  } catch {
    return null;
  }
}
