/**
 * The MCP server dialog's form: its values (one shape for both transports,
 * so switching tabs keeps what was typed), their conversion to the
 * `mcpServerSettingsSchema` input the procedures take, and a resolver that
 * validates with that one schema and puts each message on its field.
 */
import type { FieldErrors, Resolver } from "react-hook-form";

import {
  DEFAULT_MCP_TIMEOUT_MS,
  mcpServerSettingsSchema,
  type McpServerSettings,
} from "@/core/tools/mcp-server-schema";

/** One name/value row (environment variable or header); an empty value keeps the stored one when editing. */
export interface SecretRow {
  name: string;
  value: string;
  /** The name was stored before (its value is write-only: empty keeps it). */
  stored: boolean;
}

export interface McpServerFormValues {
  name: string;
  transport: "stdio" | "http";
  command: string;
  args: { value: string }[];
  env: SecretRow[];
  url: string;
  headers: SecretRow[];
  /** Seconds, as typed. */
  timeoutSeconds: string;
}

/** What the dialog edits: a server as `mcpServers.list` returns it, or nothing (a new server). */
export interface EditedServer {
  name: string;
  transport: "stdio" | "http";
  command: string | null;
  args: string[];
  envNames: string[];
  url: string | null;
  headerNames: string[];
  timeoutMs: number;
}

/** The form's starting values. */
export function initialFormValues(server?: EditedServer): McpServerFormValues {
  const stored = (name: string): SecretRow => ({ name, value: "", stored: true });
  return {
    name: server?.name ?? "",
    transport: server?.transport ?? "stdio",
    command: server?.command ?? "",
    args: (server?.args ?? []).map((value) => ({ value })),
    env: (server?.envNames ?? []).map(stored),
    url: server?.url ?? "",
    headers: (server?.headerNames ?? []).map(stored),
    timeoutSeconds: String((server?.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS) / 1000),
  };
}

const rows = (list: SecretRow[]) =>
  list.map((row) => ({ name: row.name.trim(), ...(row.value !== "" ? { value: row.value } : {}) }));

/** The procedure input for the form's values (before validation). */
export function toSettingsInput(values: McpServerFormValues): unknown {
  const seconds = values.timeoutSeconds.trim() === "" ? NaN : Number(values.timeoutSeconds);
  const timeoutMs = Number.isFinite(seconds) ? Math.round(seconds * 1000) : values.timeoutSeconds;
  const common = { name: values.name, timeoutMs };
  if (values.transport === "stdio") {
    return {
      ...common,
      transport: "stdio",
      command: values.command,
      args: values.args.map((arg) => arg.value),
      env: rows(values.env),
    };
  }
  return { ...common, transport: "http", url: values.url, headers: rows(values.headers) };
}

/** The form field a schema issue path points at. */
function fieldOf(path: PropertyKey[]): string {
  const [head, index, key] = path;
  if (head === "timeoutMs") return "timeoutSeconds";
  if (head === "args" && typeof index === "number") return `args.${index}.value`;
  if ((head === "env" || head === "headers") && typeof index === "number")
    return `${head}.${index}.${String(key ?? "name")}`;
  return String(head ?? "root");
}

/** Validates with `mcpServerSettingsSchema`; errors land on the fields they name. */
export const mcpServerFormResolver: Resolver<McpServerFormValues, unknown, McpServerSettings> = (values) => {
  const parsed = mcpServerSettingsSchema.safeParse(toSettingsInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const parts = fieldOf(issue.path).split(".");
    let node = errors;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] ??= { type: issue.code, message: issue.message };
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return { values: {}, errors: errors as FieldErrors<McpServerFormValues> };
};
