/** Conversions between plain JSON values and Prisma's Json column types. */
import type { Prisma } from "@/generated/prisma/client";

/**
 * Accepts a parsed JSON document (already validated elsewhere) for a Json
 * column. Top-level null/undefined are refused: a document is never empty.
 */
export function toJsonInput(value: unknown, what: string): Prisma.InputJsonValue {
  if (value === null || value === undefined) throw new TypeError(`${what} must be a JSON value, got ${String(value)}.`);
  return value as Prisma.InputJsonValue;
}
