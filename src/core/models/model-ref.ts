import { z } from "zod";

/**
 * What a scripted model turn can be: a text answer, a batch of tool calls
 * (optionally with text), or an injected provider error so retries and
 * fallbacks can be demonstrated offline.
 */
export const scriptUsageSchema = z
  .strictObject({
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
    cachedInputTokens: z.number().int().nonnegative().optional(),
  })
  .describe("Token counts to report for this turn (defaults are estimated from text length).");

const turnCommon = {
  latencyMs: z
    .number()
    .int()
    .nonnegative()
    .max(600_000)
    .optional()
    .describe("Simulated latency of this turn in milliseconds (overrides the script's latencyMs)."),
  usage: scriptUsageSchema.optional(),
};

export const scriptToolCallSchema = z.strictObject({
  tool: z.string().min(1).describe("Name of the tool to call (a regular tool, a handoff tool or a task tool)."),
  args: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .default({})
    .describe(
      "Arguments: a JSON object, or a raw string passed verbatim (to exercise malformed arguments). Strings may use templates.",
    ),
});

export const scriptTurnSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("text"),
    text: z
      .string()
      .describe(
        "The answer. Templates: {{input}} (latest task or user message), {{messageCount}}, {{agent}}, {{lastToolResult}}.",
      ),
    ...turnCommon,
  }),
  z.strictObject({
    kind: z.literal("tool_calls"),
    text: z.string().optional().describe("Optional text emitted before the tool calls."),
    calls: z.array(scriptToolCallSchema).min(1),
    ...turnCommon,
  }),
  z.strictObject({
    kind: z.literal("error"),
    status: z
      .union([z.number().int().min(400).max(599), z.enum(["timeout", "network"])])
      .describe("HTTP status (429, 500, 503, 400…) or a transport failure to simulate."),
    message: z.string().default("simulated provider error"),
    retryAfterSeconds: z.number().nonnegative().optional().describe("Retry-After hint sent with a 429."),
    ...turnCommon,
  }),
]);

export const scriptRuleSchema = z.strictObject({
  match: z.string().min(1).describe("Regular expression tested against the latest input (task or user message)."),
  flags: z
    .string()
    .regex(/^[imsu]*$/, "flags may only contain i, m, s, u")
    .default("i"),
  turn: scriptTurnSchema,
  once: z.boolean().default(false).describe("Fire at most once per session."),
});

/**
 * The built-in `scripted` provider's configuration: deterministic, offline.
 * The n-th model call of an agent session gets turn n (rules are checked first);
 * after the last turn, `whenExhausted` answers.
 */
export const scriptSchema = z.strictObject({
  turns: z.array(scriptTurnSchema).default([]),
  rules: z.array(scriptRuleSchema).default([]),
  whenExhausted: scriptTurnSchema
    .optional()
    .describe("Turn used once the turns run out (default: a text answer echoing the input)."),
  latencyMs: z.number().int().nonnegative().max(600_000).default(0),
});

/** Providers the product can call. `scripted` is simulated and offline. */
export const providerSchema = z.enum(["openai", "anthropic", "openai-compatible", "scripted"]);

const modelCommon = {
  model: z.string().min(1).max(200).describe("Model id as the provider names it, e.g. gpt-4o-mini."),
  retries: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(1)
    .describe("How many times to retry this model on a retryable error before falling to the next model."),
  timeoutMillis: z.number().int().min(0).max(600_000).default(60_000).describe("Per-attempt timeout; 0 = none."),
  credentialId: z.string().max(200).optional().describe("Provider credential (stored encrypted on the server)."),
};

/** One entry of a model fallback chain. */
export const modelRefSchema = z.discriminatedUnion("provider", [
  z.strictObject({ provider: z.literal("openai"), ...modelCommon }),
  z.strictObject({ provider: z.literal("anthropic"), ...modelCommon }),
  z.strictObject({
    provider: z.literal("openai-compatible"),
    ...modelCommon,
    baseURL: z
      .string()
      .url()
      .max(2000)
      .optional()
      .describe("Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1."),
  }),
  z.strictObject({
    provider: z.literal("scripted"),
    ...modelCommon,
    script: scriptSchema.default({ turns: [], rules: [], latencyMs: 0 }),
  }),
]);

/** An ordered fallback chain: model 1 first, then the next on retryable failure. */
export const modelChainSchema = z.array(modelRefSchema).max(10);

export type ScriptTurn = z.infer<typeof scriptTurnSchema>;
export type ScriptRule = z.infer<typeof scriptRuleSchema>;
export type Script = z.infer<typeof scriptSchema>;
export type Provider = z.infer<typeof providerSchema>;
export type ModelRef = z.infer<typeof modelRefSchema>;
export type ModelRefInput = z.input<typeof modelRefSchema>;
export type ModelChain = z.infer<typeof modelChainSchema>;
