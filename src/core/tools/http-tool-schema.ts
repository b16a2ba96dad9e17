/**
 * What an HTTP tool, a workspace secret and an allowed host look like as
 * input: one set of zod schemas for the Settings → Tools forms and the
 * tRPC procedures. Pure (no IO), so the browser runs the same checks.
 *
 * An HTTP tool's URL template holds `{{param}}` placeholders filled from the
 * call's arguments; its header values may hold `{{secrets.NAME}}`
 * references filled on the server from the workspace's secrets. Secrets may
 * not appear in the URL (URLs are shown in traces and test results).
 */
import { z } from "zod";

import { toolNameSchema } from "../graph/schema";
import { isBuiltinTool, isTaskTool } from "./builtin-tools";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Methods whose unused arguments go into the query string; the others send a JSON body. */
export const QUERY_METHODS: readonly HttpMethod[] = ["GET", "DELETE"];

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1_048_576;
export const MAX_RESPONSE_BYTES_LIMIT = 10 * 1_048_576;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SECRET_REF = /^secrets\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** The `{{…}}` placeholders of a text, trimmed, in order (duplicates kept). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The secret names a text references as `{{secrets.NAME}}`, without duplicates. */
export function secretReferences(text: string): string[] {
  const names = placeholders(text)
    .map((p) => SECRET_REF.exec(p)?.[1])
    .filter((n): n is string => n !== undefined);
  return [...new Set(names)];
}

/** `text` with each `{{…}}` placeholder replaced by `fill(inner)`. */
export function fillPlaceholders(text: string, fill: (inner: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, inner: string) => fill(inner));
}

/** A catalog tool's name: a model tool name that is not a built-in or task tool. */
export const catalogToolNameSchema = toolNameSchema.refine((name) => !isBuiltinTool(name) && !isTaskTool(name), {
  message: "this is the name of a built-in tool; choose another name",
});

/** A secret's name, as `{{secrets.NAME}}` references it. */
export const secretNameSchema = z
  .string()
  .min(1, "enter a name")
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "secret names use letters, digits and _ and do not start with a digit");

/** A JSON schema object describing a tool's arguments (type "object"). */
export const toolParametersSchema = z
  .record(z.string(), z.unknown())
  .refine((schema) => schema.type === "object", { message: 'the parameters schema must have "type": "object"' })
  .refine(
    (schema) =>
      schema.properties === undefined ||
      (typeof schema.properties === "object" && schema.properties !== null && !Array.isArray(schema.properties)),
    { message: '"properties" must be an object mapping argument names to their schemas' },
  )
  .refine((schema) => JSON.stringify(schema).length <= 50_000, {
    message: "the parameters schema is over 50,000 characters",
  });

const FORBIDDEN_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "upgrade", "expect"]);

export const httpHeaderSchema = z.object({
  name: z
    .string()
    .min(1, "enter a header name")
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "header names use letters, digits and - (e.g. Authorization)")
    .refine((n) => !FORBIDDEN_HEADERS.has(n.toLowerCase()), { message: "this header is set by the server" }),
  value: z
    .string()
    .max(8_000)
    .refine((v) => !/[\r\n]/.test(v), { message: "header values are one line" }),
});
export type HttpHeader = z.infer<typeof httpHeaderSchema>;

/** The argument names a tool's parameters schema declares. */
export function declaredParameters(parameters: Record<string, unknown>): string[] {
  const properties = parameters.properties;
  return properties && typeof properties === "object" ? Object.keys(properties) : [];
}

/** An HTTP tool as Settings → Tools creates or saves it. */
export const httpToolInputSchema = z
  .object({
    name: catalogToolNameSchema,
    description: z.string().max(2_000).default(""),
    method: z.enum(HTTP_METHODS),
    urlTemplate: z.string().trim().min(1, "enter the URL").max(4_000),
    parameters: toolParametersSchema.default({ type: "object", properties: {} }),
    headers: z.array(httpHeaderSchema).max(50).default([]),
    timeoutMs: z
      .number()
      .int()
      .min(100, "at least 100 ms")
      .max(MAX_TIMEOUT_MS, "at most 120,000 ms (2 minutes)")
      .default(DEFAULT_TIMEOUT_MS),
    maxResponseBytes: z
      .number()
      .int()
      .min(1)
      .max(MAX_RESPONSE_BYTES_LIMIT, "at most 10 MB (10,485,760 bytes)")
      .default(DEFAULT_MAX_RESPONSE_BYTES),
  })
  .superRefine((tool, ctx) => checkTemplates(tool, ctx));

export type HttpToolInput = z.input<typeof httpToolInputSchema>;
export type HttpToolDefinition = z.output<typeof httpToolInputSchema>;

function checkTemplates(
  tool: { urlTemplate: string; parameters: Record<string, unknown>; headers: HttpHeader[] },
  ctx: z.RefinementCtx,
) {
  const declared = new Set(declaredParameters(tool.parameters));
  for (const inner of placeholders(tool.urlTemplate)) {
    if (inner.startsWith("secrets.")) {
      ctx.addIssue({
        code: "custom",
        path: ["urlTemplate"],
        message: `{{${inner}}}: secrets cannot go into the URL (it is shown in traces); send them in a header`,
      });
    } else if (!PARAM_NAME.test(inner)) {
      ctx.addIssue({
        code: "custom",
        path: ["urlTemplate"],
        message: `{{${inner}}} is not a parameter name (letters, digits, _)`,
      });
    } else if (!declared.has(inner)) {
      ctx.addIssue({
        code: "custom",
        path: ["urlTemplate"],
        message: `{{${inner}}} is not a parameter: add "${inner}" to the parameters schema's properties`,
      });
    }
  }
  const sample = fillPlaceholders(tool.urlTemplate, () => "x");
  let url: URL | null = null;
  try {
    url = new URL(sample);
  } catch {
    ctx.addIssue({
      code: "custom",
      path: ["urlTemplate"],
      message: "enter a full URL starting with https:// or http://",
    });
  }
  if (url && url.protocol !== "http:" && url.protocol !== "https:") {
    ctx.addIssue({ code: "custom", path: ["urlTemplate"], message: "the URL must start with https:// or http://" });
  }
  if (url && (url.username || url.password)) {
    ctx.addIssue({
      code: "custom",
      path: ["urlTemplate"],
      message: "put credentials in a header with a secret, not in the URL",
    });
  }
  tool.headers.forEach((header, i) => {
    for (const inner of placeholders(header.value)) {
      if (!SECRET_REF.test(inner)) {
        ctx.addIssue({
          code: "custom",
          path: ["headers", i, "value"],
          message: `{{${inner}}}: header values may only reference secrets, as {{secrets.NAME}}`,
        });
      }
    }
  });
}

/** An HTTP tool's id. */
export const httpToolIdSchema = z.uuid({ error: "must be an HTTP tool id (httpTools.list returns them)" });

/** An HTTP tool to save over an existing one. */
export const httpToolUpdateSchema = z.object({ id: httpToolIdSchema, tool: httpToolInputSchema });

/** A test call of a (possibly unsaved) HTTP tool with sample arguments. */
export const httpToolTestSchema = z.object({
  tool: httpToolInputSchema,
  args: z.record(z.string(), z.unknown()).default({}),
});

/** A workspace secret to set (create or replace). The value is write-only. */
export const secretSetSchema = z.object({
  name: secretNameSchema,
  value: z.string().min(1, "enter the value").max(10_000),
});

const HOST_TEXT = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/;

/**
 * An owner's allowed host, normalised: lower case, numeric IPv4 forms
 * written out, IPv6 in brackets, the port kept when given ("localhost:8080"
 * allows that port only, "localhost" every port). URLs are refused.
 */
export const allowedHostSchema = z
  .string()
  .trim()
  .min(1, "enter a host")
  .max(300)
  .transform((text, ctx) => {
    const match = HOST_TEXT.exec(text);
    let hostname: string | null = null;
    if (match) {
      try {
        hostname = new URL(`http://${match[1]}/`).hostname;
      } catch {
        hostname = null;
      }
    }
    if (!match || !hostname) {
      ctx.addIssue({
        code: "custom",
        message: "enter a host name or IP address, optionally with :port (e.g. localhost:8080 or 10.0.0.5), not a URL",
      });
      return z.NEVER;
    }
    const port = match[2];
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) {
      ctx.addIssue({ code: "custom", message: `port ${port} is not between 1 and 65535` });
      return z.NEVER;
    }
    const host = hostname.replace(/\.$/, "").toLowerCase();
    return port === undefined ? host : `${host}:${Number(port)}`;
  });

export const allowedHostInputSchema = z.object({ host: allowedHostSchema });

/**
 * The Settings → Tools form of an HTTP tool: the same fields with the
 * parameters schema as JSON text. Parses the text and validates the whole
 * tool with `httpToolInputSchema`, so the form shows the procedure's own
 * messages at the fields (an issue at `parameters` lands on `parametersText`).
 */
export const httpToolFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    method: z.enum(HTTP_METHODS),
    urlTemplate: z.string(),
    parametersText: z.string(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    timeoutMs: z.number({ error: "enter a number of milliseconds" }),
    maxResponseBytes: z.number({ error: "enter a number of bytes" }),
  })
  .transform((form, ctx) => {
    let parameters: unknown;
    try {
      parameters =
        form.parametersText.trim() === "" ? { type: "object", properties: {} } : JSON.parse(form.parametersText);
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        path: ["parametersText"],
        message: `not valid JSON: ${(error as Error).message}`,
      });
      return z.NEVER;
    }
    const { parametersText: _text, ...fields } = form;
    const result = httpToolInputSchema.safeParse({ ...fields, parameters });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path[0] === "parameters" ? ["parametersText"] : issue.path;
        ctx.addIssue({ code: "custom", path: path as (string | number)[], message: issue.message });
      }
      return z.NEVER;
    }
    return result.data;
  });

export type HttpToolFormValues = z.input<typeof httpToolFormSchema>;

/** The form's values for a stored (or new) tool. */
export function httpToolFormValues(tool?: HttpToolDefinition): HttpToolFormValues {
  return {
    name: tool?.name ?? "",
    description: tool?.description ?? "",
    method: tool?.method ?? "GET",
    urlTemplate: tool?.urlTemplate ?? "https://",
    parametersText: JSON.stringify(tool?.parameters ?? { type: "object", properties: {} }, null, 2),
    headers: tool?.headers ?? [],
    timeoutMs: tool?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: tool?.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}

/** Sample arguments for a test call: each declared parameter with a placeholder of its type. */
export function sampleArguments(parameters: Record<string, unknown>): Record<string, unknown> {
  const properties = (parameters.properties ?? {}) as Record<
    string,
    { type?: unknown; example?: unknown; default?: unknown }
  >;
  const sample: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (schema?.example !== undefined) sample[name] = schema.example;
    else if (schema?.default !== undefined) sample[name] = schema.default;
    else if (schema?.type === "number" || schema?.type === "integer") sample[name] = 1;
    else if (schema?.type === "boolean") sample[name] = true;
    else if (schema?.type === "array") sample[name] = [];
    else if (schema?.type === "object") sample[name] = {};
    else sample[name] = "";
  }
  return sample;
}
