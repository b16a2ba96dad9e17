/**
 * What a person enters for an MCP server, validated once for the Settings
 * form and the `mcpServers` procedures: a stdio server (a command the
 * server machine runs, without a shell, with arguments and environment
 * variables) or a streamable HTTP server (a URL and request headers).
 * Environment and header values are write-only: a row without a value
 * keeps the value stored for that name.
 */
import { z } from "zod";

/** A server's name: the first part of its tools' catalog names (`<name>__<tool>`). */
export const mcpServerNameSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "a server needs a name")
  .max(32, "a server name is at most 32 characters")
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    "a server name uses lower-case letters, digits and hyphens (e.g. docs-search), starting and ending with a letter or digit",
  );

/**
 * One program name or path. The command runs without a shell, so shell
 * syntax would not work anyway: it is refused rather than silently passed on.
 */
export const mcpCommandSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "a stdio server needs a command (e.g. npx, node or /usr/local/bin/my-server)")
  .max(500, "a command is at most 500 characters")
  .regex(
    /^[A-Za-z0-9_./@+:,=-]+$/,
    "the command is one program name or path, without spaces or shell characters such as ; | & $ > < ` ( ) * ? ' \"; put its arguments in the argument list",
  );

/** One command-line argument, passed as it is (no shell expands it). */
export const mcpArgSchema = z
  .string({ error: "must be text" })
  .max(2000, "an argument is at most 2,000 characters")
  .refine((arg) => !arg.includes("\0"), "an argument cannot contain a NUL character");

/** An environment variable's name. */
export const envNameSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "an environment variable needs a name")
  .max(200, "an environment variable name is at most 200 characters")
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    "an environment variable name uses letters, digits and _ and cannot start with a digit",
  );

/** Headers the MCP client sets itself, which a server's configuration may not replace. */
const RESERVED_HEADERS = new Set([
  "accept",
  "connection",
  "content-length",
  "content-type",
  "host",
  "last-event-id",
  "mcp-protocol-version",
  "mcp-session-id",
  "transfer-encoding",
]);

/** An HTTP request header's name. */
export const headerNameSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "a header needs a name")
  .max(200, "a header name is at most 200 characters")
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "a header name uses letters, digits and - (e.g. Authorization)")
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), "the MCP client sets this header itself");

/** A secret value (environment variable or header); absent on update: keep the stored one. */
const secretValueSchema = z.string({ error: "must be text" }).max(10_000, "a value is at most 10,000 characters");

/** An environment variable row. */
export const mcpEnvRowSchema = z.strictObject({
  name: envNameSchema,
  value: secretValueSchema.refine((v) => !v.includes("\0"), "a value cannot contain a NUL character").optional(),
});

/** A header row. */
export const mcpHeaderRowSchema = z.strictObject({
  name: headerNameSchema,
  value: secretValueSchema.refine((v) => !/[\r\n\0]/.test(v), "a header value cannot contain line breaks").optional(),
});

/** The streamable HTTP endpoint: an http(s) URL without credentials in it. */
export const mcpUrlSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "an HTTP server needs its URL (e.g. https://mcp.example.com/mcp)")
  .max(2000, "a URL is at most 2,000 characters")
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL (e.g. https://mcp.example.com/mcp)")
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.username === "" && url.password === "";
    } catch {
      return true;
    }
  }, "put credentials in a header (e.g. Authorization), not in the URL");

/** How long the server may take to answer one request, in milliseconds. */
export const mcpTimeoutSchema = z
  .number({ error: "must be a number of milliseconds" })
  .int("must be a whole number of milliseconds")
  .min(1000, "the timeout is at least 1 s (1000 ms)")
  .max(300_000, "the timeout is at most 5 minutes (300000 ms)");

/** Default answer timeout. */
export const DEFAULT_MCP_TIMEOUT_MS = 15_000;

function uniqueNames(label: string) {
  return (rows: { name: string }[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = label === "header" ? row.name.toLowerCase() : row.name;
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `the ${label} ${row.name} is listed twice` });
      seen.add(key);
    });
  };
}

const commonFields = {
  name: mcpServerNameSchema,
  timeoutMs: mcpTimeoutSchema.default(DEFAULT_MCP_TIMEOUT_MS),
};

/** A stdio server's settings. */
export const mcpStdioSettingsSchema = z.strictObject({
  ...commonFields,
  transport: z.literal("stdio"),
  command: mcpCommandSchema,
  args: z.array(mcpArgSchema).max(100, "at most 100 arguments").default([]),
  env: z
    .array(mcpEnvRowSchema)
    .max(100, "at most 100 environment variables")
    .default([])
    .superRefine(uniqueNames("environment variable")),
});

/** A streamable HTTP server's settings. */
export const mcpHttpSettingsSchema = z.strictObject({
  ...commonFields,
  transport: z.literal("http"),
  url: mcpUrlSchema,
  headers: z.array(mcpHeaderRowSchema).max(50, "at most 50 headers").default([]).superRefine(uniqueNames("header")),
});

/** A server's settings, either transport. */
export const mcpServerSettingsSchema = z.discriminatedUnion(
  "transport",
  [mcpStdioSettingsSchema, mcpHttpSettingsSchema],
  {
    error: 'transport must be "stdio" or "http"',
  },
);

export type McpServerSettings = z.infer<typeof mcpServerSettingsSchema>;
export type McpServerSettingsInput = z.input<typeof mcpServerSettingsSchema>;

/** A server row's id. */
export const mcpServerIdSchema = z.uuid({ error: "must be an MCP server id (mcpServers.list returns them)" });

/** `mcpServers.update`: the server and its new settings (rows without a value keep theirs). */
export const mcpServerUpdateSchema = z.strictObject({ id: mcpServerIdSchema, settings: mcpServerSettingsSchema });

/** `mcpServers.setEnabledTools`: the listed tools agents may use. */
export const mcpEnabledToolsSchema = z.strictObject({
  id: mcpServerIdSchema,
  tools: z.array(z.string().min(1).max(200)).max(500, "at most 500 tools"),
});

/** One tool as a server listed it (stored on the server row). */
export const mcpListedToolSchema = z.object({
  name: z.string(),
  description: z.string().default(""),
  inputSchema: z.record(z.string(), z.unknown()).default({ type: "object" }),
  /**
   * Why the input schema does not compile under the argument checker (ajv),
   * in words; null when it does. Set at refresh; absent on tools listed
   * before the check existed.
   */
  schemaProblem: z.string().nullable().optional(),
});

export type McpListedTool = z.infer<typeof mcpListedToolSchema>;
