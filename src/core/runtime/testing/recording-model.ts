import type { ChatMessage, ModelClient, ModelRequest, ModelResponse } from "../../models/model-port";

/** One request a model client received, as the test sees it. */
export interface RecordedRequest {
  agentId: string;
  sessionId: string;
  chainIndex: number;
  model: string;
  /** A copy of the messages at call time. */
  messages: ChatMessage[];
  tools: string[];
}

/** Wraps a client and records every request (what each agent really saw). */
export function recordingModel(
  inner: ModelClient,
): ModelClient & { requests: RecordedRequest[]; for(agentId: string): RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  return {
    requests,
    for: (agentId) => requests.filter((request) => request.agentId === agentId),
    generate(request: ModelRequest): Promise<ModelResponse> {
      requests.push({
        agentId: request.context.agentId,
        sessionId: request.context.sessionId,
        chainIndex: request.context.chainIndex,
        model: request.model.model,
        messages: request.messages.slice(),
        tools: request.tools.map((tool) => tool.name),
      });
      return inner.generate(request);
    },
  };
}

/** A model client from a function (hangs, custom errors, routing by agent). */
export function functionModel(fn: (request: ModelRequest) => ModelResponse | Promise<ModelResponse>): ModelClient {
  return { generate: async (request) => fn(request) };
}

/** A response with a text answer. */
export function textResponse(text: string): ModelResponse {
  return {
    text,
    toolCalls: [],
    usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 },
    finishReason: "stop",
  };
}
