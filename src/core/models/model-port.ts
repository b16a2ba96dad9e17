import type { ChatMessage, FinishReason, ModelToolCall, ModelUsage } from "./messages";
import type { ModelRef } from "./model-ref";
import type { CancelToken } from "../shared/cancel-scope";

export type { ChatMessage, FinishReason, ModelToolCall, ModelUsage } from "./messages";

/**
 * The model port: everything the runtime needs from a language model, and
 * nothing vendor-specific. Adapters (AI SDK providers, the scripted model)
 * live behind it.
 */

/** A tool as offered to a model: name, description and JSON Schema of its parameters. */
export interface ModelToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  /** The chain entry being called (provider, model, credentials ref, script…). */
  model: ModelRef;
  messages: ChatMessage[];
  tools: ModelToolSpec[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  /** Aborts the call for real (timeouts, cancellation, budget stop). */
  signal: AbortSignal;
  /**
   * The same cancellation as `signal`, for the core's own clients: observing
   * it (`aborted`, `reason`, `onAbort`) does not create an `AbortSignal`
   * (on a timed attempt `signal` is created on first read). Absent when a
   * caller builds the request by hand; external clients use `signal`.
   */
  cancel?: CancelToken;
  /** Receives text as it streams; adapters that cannot stream call it once. */
  onTextDelta?: (delta: string) => void;
  /** Facts the scripted model uses for templates and per-session turn counting. */
  context: ModelCallContext;
}

export interface ModelCallContext {
  agentId: string;
  /** Stable id of the agent session (turn counters of scripted models are kept per session and chain entry). */
  sessionId: string;
  /** Index of this entry in the agent's chain. */
  chainIndex: number;
}

export interface ModelResponse {
  text: string;
  toolCalls: ModelToolCall[];
  usage: ModelUsage;
  finishReason: FinishReason;
}

/** Why a model call failed, as the fallback chain needs to know it. */
export type ModelErrorKind =
  "rate_limit" | "server" | "timeout" | "network" | "bad_request" | "auth" | "content_filter" | "aborted" | "unknown";

/** The one port every provider implements. */
export interface ModelClient {
  generate(request: ModelRequest): Promise<ModelResponse>;
}
