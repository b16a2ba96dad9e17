import { z } from "zod";

/**
 * Chat messages, tool calls and token usage: written once here in zod, with
 * the TypeScript types inferred. The model port speaks these types and the
 * runtime's event schemas reuse the same schemas (models never import runtime).
 */

/** A tool call the model asked for. `arguments` is the raw JSON text from the provider. */
export const modelToolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
});

export const systemMessageSchema = z.strictObject({ role: z.literal("system"), content: z.string() });
export const userMessageSchema = z.strictObject({ role: z.literal("user"), content: z.string() });
export const assistantMessageSchema = z.strictObject({
  role: z.literal("assistant"),
  content: z.string(),
  toolCalls: z.array(modelToolCallSchema).optional(),
});
export const toolMessageSchema = z.strictObject({
  role: z.literal("tool"),
  toolCallId: z.string(),
  toolName: z.string(),
  content: z.string(),
});

/** One message of a transcript, tagged by `role`. */
export const chatMessageSchema = z.discriminatedUnion("role", [
  systemMessageSchema,
  userMessageSchema,
  assistantMessageSchema,
  toolMessageSchema,
]);

/** Token usage of a model call (or a sum of them). */
export const modelUsageSchema = z.strictObject({
  /** All input (prompt) tokens, cached ones included (as the AI SDK reports them). */
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  /** The part of `inputTokens` served from the provider's prompt cache (billed cheaper). */
  cachedInputTokens: z.number().nonnegative(),
});

/** Why a model stopped generating. */
export const finishReasonSchema = z.enum(["stop", "tool_calls", "length", "content_filter", "error", "other"]);

export type ModelToolCall = z.infer<typeof modelToolCallSchema>;
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ModelUsage = z.infer<typeof modelUsageSchema>;
export type FinishReason = z.infer<typeof finishReasonSchema>;
