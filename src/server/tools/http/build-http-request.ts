/**
 * Turns an HTTP tool and one call's arguments into the request to send:
 * `{{param}}` placeholders of the URL template filled from the arguments
 * (URL-encoded), the arguments the URL does not use sent as the query
 * string (GET, DELETE) or as a JSON body (POST, PUT, PATCH), and header
 * values with `{{secrets.NAME}}` filled from the workspace's secrets.
 * Nothing is built (so nothing is sent) for arguments the tool's parameters
 * schema refuses.
 */
import {
  type HttpToolDefinition,
  QUERY_METHODS,
  fillPlaceholders,
  secretReferences,
} from "@/core/tools/http-tool-schema";
import { HttpToolCallError } from "@/server/errors/http-tool-call-error";

import { checkToolArguments } from "../tool-arguments";

export interface BuiltHttpRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const DEFAULT_ACCEPT = "application/json, text/plain;q=0.9, */*;q=0.8";
const USER_AGENT = "AgentGraphStudio-HttpTool/1";

function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The arguments as an object; the model may send `null` or nothing for a tool without parameters. */
function argumentObject(tool: HttpToolDefinition, args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new HttpToolCallError(
      tool.name,
      `${tool.name} takes a JSON object of arguments, not ${Array.isArray(args) ? "an array" : typeof args}.`,
    );
  }
  return args as Record<string, unknown>;
}

/**
 * The request for one call. Throws ToolArgumentsError when the arguments do
 * not match the tool's parameters schema (every keyword, via ajv), and
 * HttpToolCallError naming a missing URL argument or secret.
 */
export function buildHttpRequest(
  tool: HttpToolDefinition,
  rawArgs: unknown,
  secrets: ReadonlyMap<string, string>,
): BuiltHttpRequest {
  const args = argumentObject(tool, rawArgs);
  checkToolArguments(tool.name, tool.parameters, args);

  const used = new Set<string>();
  const urlText = fillPlaceholders(tool.urlTemplate, (name) => {
    const value = args[name];
    if (value === undefined || value === null) {
      throw new HttpToolCallError(tool.name, `${tool.name} needs the argument ${name} (the URL contains {{${name}}}).`);
    }
    used.add(name);
    return encodeURIComponent(textOf(value));
  });
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    throw new HttpToolCallError(
      tool.name,
      `${tool.name}: the URL ${urlText} is not valid after filling in the arguments.`,
    );
  }

  const rest = Object.entries(args).filter(([name, value]) => !used.has(name) && value !== undefined);
  let body: string | undefined;
  if (QUERY_METHODS.includes(tool.method)) {
    for (const [name, value] of rest) {
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, textOf(item));
      else if (value !== null) url.searchParams.append(name, textOf(value));
    }
  } else {
    body = JSON.stringify(Object.fromEntries(rest));
  }

  const headers: Record<string, string> = { accept: DEFAULT_ACCEPT, "user-agent": USER_AGENT };
  if (body !== undefined) headers["content-type"] = "application/json";
  for (const header of tool.headers) {
    const missing = secretReferences(header.value).filter((name) => !secrets.has(name));
    if (missing.length > 0) {
      throw new HttpToolCallError(
        tool.name,
        `${tool.name}: the header ${header.name} uses the secret ${missing[0]}, which this workspace does not have; an owner can add it in Settings → Tools → Secrets.`,
      );
    }
    headers[header.name.toLowerCase()] = fillPlaceholders(
      header.value,
      (inner) => secrets.get(inner.slice("secrets.".length)) ?? "",
    );
  }
  return { url, method: tool.method, headers, body };
}
