/**
 * HTTP tool rows as plain objects: the columns every read selects and the
 * conversion of the Json columns into the shapes the schema promises.
 */
import { httpHeaderSchema, type HttpHeader, type HttpMethod, HTTP_METHODS } from "@/core/tools/http-tool-schema";
import type { HttpToolDefinition } from "@/core/tools/http-tool-schema";

export const HTTP_TOOL_SELECT = {
  id: true,
  name: true,
  description: true,
  method: true,
  urlTemplate: true,
  parameters: true,
  headers: true,
  timeoutMs: true,
  maxResponseBytes: true,
  updatedAt: true,
} as const;

/** A stored HTTP tool as the API returns it (headers hold secret references, never values). */
export interface HttpToolRecord extends HttpToolDefinition {
  id: string;
  updatedAt: Date;
}

interface Row {
  id: string;
  name: string;
  description: string;
  method: string;
  urlTemplate: string;
  parameters: unknown;
  headers: unknown;
  timeoutMs: number;
  maxResponseBytes: number;
  updatedAt: Date;
}

function headersOf(value: unknown): HttpHeader[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = httpHeaderSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function parametersOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { type: "object", properties: {} };
}

/** The row's tool (rows were validated on write; stray values fall back to safe shapes). */
export function toHttpToolRecord(row: Row): HttpToolRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    method: (HTTP_METHODS as readonly string[]).includes(row.method) ? (row.method as HttpMethod) : "GET",
    urlTemplate: row.urlTemplate,
    parameters: parametersOf(row.parameters),
    headers: headersOf(row.headers),
    timeoutMs: row.timeoutMs,
    maxResponseBytes: row.maxResponseBytes,
    updatedAt: row.updatedAt,
  };
}
