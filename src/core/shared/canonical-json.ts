/**
 * JSON with the keys of every object in a canonical order and no whitespace,
 * so equal data always gives equal text — and equal hashes — whatever order
 * its keys were built or stored in (PostgreSQL's jsonb, for one, reorders
 * keys). The order: integer-like keys ascending (JavaScript enumerates those
 * first in any object), then the other keys sorted by UTF-16 code units.
 * Otherwise exactly JSON.stringify (undefined and function properties left
 * out, `null` in arrays). Built on the native serializer with a sorting
 * replacer: about twice as fast as a hand-written walk, and it runs on every
 * compile over definitions of several megabytes.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? "null";
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key];
  return sorted;
}
