/**
 * Reads a provider's retry hint from response headers, in milliseconds:
 * `retry-after-ms` (OpenAI) first, then `retry-after` as seconds or as an
 * HTTP date. Null when absent or unreadable. Header names are matched
 * case-insensitively.
 */
export function retryAfterMsFromHeaders(
  headers: Record<string, string | undefined> | undefined,
  now: () => number = Date.now,
): number | null {
  if (!headers) return null;
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined) {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const after = header(headers, "retry-after");
  if (after === undefined) return null;
  const trimmed = after.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now());
}

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  if (headers[name] !== undefined) return headers[name];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
