/**
 * The model layer of the core: the port every provider implements, the
 * fallback chain the runtime calls, the offline scripted provider, pricing.
 * No vendor SDK here: adapters live in src/server/models.
 */
export * from "./model-ref";
export * from "./model-port";
export {
  assistantMessageSchema,
  chatMessageSchema,
  finishReasonSchema,
  modelToolCallSchema,
  modelUsageSchema,
  systemMessageSchema,
  toolMessageSchema,
  userMessageSchema,
} from "./messages";
export { ModelCallError, errorKindForStatus } from "./model-error";
export { EmptyModelChainError } from "./empty-model-chain-error";
export { ModelChainExhaustedError } from "./model-chain-exhausted-error";
export type { AttemptEndInfo, AttemptErrorInfo, AttemptInfo, FailedAttempt } from "./attempt-events";
export {
  generateWithFallback,
  type ChainRequest,
  type GenerateWithFallbackOptions,
  type GenerateWithFallbackResult,
} from "./fallback-chain";
export { decideAfterFailure, shouldRetry, type FailureDecision } from "./retry-policy";
export { DEFAULT_RETRY_AFTER_CAP_MS, nextDelay } from "./next-delay";
export { defaultBackoff, exponentialBackoff, type BackoffFn, type ExponentialBackoffOptions } from "./backoff";
export { toModelCallError } from "./normalize-error";
export { globalTimer, systemClock, type ModelClock, type ModelSleep, type ModelTimer } from "./timing-ports";
export {
  createScriptedModelClient,
  LAST_TOOL_RESULT_MAX_CHARS,
  type ScriptedModelClientOptions,
} from "./scripted-model";
export { DEFAULT_WHEN_EXHAUSTED, scriptProblems } from "./compile-script";
export { chunkWords } from "./text-chunks";
export {
  costFor,
  costOf,
  priceEntrySchema,
  priceFor,
  priceTableSchema,
  type PriceEntry,
  type PriceTable,
} from "./pricing";
export { DEFAULT_PRICE_TABLE } from "./default-prices";
