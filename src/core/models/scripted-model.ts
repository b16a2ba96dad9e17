import { type CompiledScript, type CompiledTurn, compileScript } from "./compile-script";
import { ModelCallError, errorKindForStatus } from "./model-error";
import type { ChatMessage, ModelClient, ModelRequest, ModelResponse, ModelToolCall } from "./model-port";
import type { ModelRef } from "./model-ref";
import { renderDeep, renderTemplate, type TemplateResolver } from "./script-templates";
import { scriptedUsage } from "./scripted-usage";
import { chunkWords } from "./text-chunks";
import type { ModelSleep, ModelTimer } from "./timing-ports";
import type { CancelToken } from "../shared/cancel-scope";

/** Characters of the last tool result that `{{lastToolResult}}` shows. */
export const LAST_TOOL_RESULT_MAX_CHARS = 500;

export interface ScriptedModelClientOptions {
  /** Simulated latency waits through this port (never called when latency is 0). */
  sleep: ModelSleep;
  /**
   * When given, a latency wait of a call that carries a cancel token (`request.cancel`, set by the
   * fallback chain) is a deadline on this timer plus one subscription on the token, instead of
   * `sleep(ms, request.signal)`: no `AbortSignal` is created for the call (the costliest part of a
   * timed attempt under load) and the wait still ends at once on abort. Pass a timer on the same clock
   * as `sleep` (`systemPorts` gives the global timer with the system sleep, none with a custom sleep).
   */
  timer?: ModelTimer;
}

/** Turn counters of one agent session. */
interface SessionState {
  /** Short, id-safe form of the session id, for tool call ids. */
  short: string;
  /** Calls answered for this session (all chain entries), for tool call ids. */
  calls: number;
  /** Per chain index: next turn and the `once` rules already fired. */
  chains: Array<{ nextTurn: number; fired: Set<number> | null } | undefined>;
}

type ScriptedRef = Extract<ModelRef, { provider: "scripted" }>;

/**
 * The built-in `scripted` provider: offline, deterministic, driven by the
 * chain entry's `script`. Create one client per run: it keeps turn counters
 * per (session, agent, chain index), so the n-th call of a session gets the
 * n-th turn. Rules are checked first, against the latest user message (a
 * child's task); a rule's answer does not use up a turn.
 */
export function createScriptedModelClient(options: ScriptedModelClientOptions): ModelClient {
  // Session id -> agent id -> state (two lookups on existing strings: no key built per call).
  const sessions = new Map<string, Map<string, SessionState>>();

  const stateFor = (sessionId: string, agentId: string): SessionState => {
    let byAgent = sessions.get(sessionId);
    if (!byAgent) {
      byAgent = new Map();
      sessions.set(sessionId, byAgent);
    }
    let state = byAgent.get(agentId);
    if (!state) {
      state = { short: shortId(sessionId), calls: 0, chains: [] };
      byAgent.set(agentId, state);
    }
    return state;
  };

  return {
    // Not `async`: during the latency wait only the continuation is alive, not a suspended frame.
    generate(request: ModelRequest): Promise<ModelResponse> {
      try {
        const entry = request.model;
        if (entry.provider !== "scripted") {
          throw new ModelCallError({
            kind: "bad_request",
            message: `the scripted client cannot call provider "${entry.provider}"`,
            provider: entry.provider,
            model: entry.model,
          });
        }
        // The token when the chain gives one: reading `signal` would create a timed attempt's AbortSignal.
        const cancel = request.cancel;
        if (cancel ? cancel.aborted : request.signal.aborted) throw aborted(entry, request);
        const script = compile(entry);
        const { context, messages } = request;
        const state = stateFor(context.sessionId, context.agentId);
        state.calls += 1;
        const input = latestUserInput(messages);
        const compiled = pickTurn(script, state, context.chainIndex, input);
        const latencyMs = compiled.turn.latencyMs ?? script.latencyMs;
        if (latencyMs <= 0) return Promise.resolve(answer(request, entry, compiled, state, input));
        if (cancel && options.timer) {
          return waitOnToken(options.timer, latencyMs, cancel).then(() => {
            if (cancel.aborted) throw aborted(entry, request);
            return answer(request, entry, compiled, state, input);
          });
        }
        // The sleep may resolve or reject on abort; either way an aborted call ends as `aborted`.
        const afterWait = () => {
          if (request.signal.aborted) throw aborted(entry, request);
          return answer(request, entry, compiled, state, input);
        };
        return options.sleep(latencyMs, request.signal).then(afterWait, (error: unknown) => {
          if (!request.signal.aborted) throw error;
          return afterWait();
        });
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}

/** Resolves after `ms` on `timer`, or at once when `cancel` aborts (the deadline is then cancelled). */
function waitOnToken(timer: ModelTimer, ms: number, cancel: CancelToken): Promise<void> {
  return new Promise<void>((resolve) => {
    let stop: (() => void) | null = null;
    const subscription = cancel.onAbort(() => {
      stop?.();
      resolve();
    });
    if (subscription === null) return resolve();
    stop = timer(ms, () => {
      cancel.off(subscription);
      resolve();
    });
  });
}

/** The picked turn as a response (or its scripted error), streaming its text as deltas. */
function answer(
  request: ModelRequest,
  entry: ScriptedRef,
  compiled: CompiledTurn,
  state: SessionState,
  input: string,
): ModelResponse {
  const turn = compiled.turn;
  if (turn.kind === "error") throw scriptedError(turn, entry);
  const { messages, context } = request;
  const resolve = resolver(messages, input, context.agentId);
  const text = compiled.templatedText ? renderTemplate(turn.text ?? "", resolve) : (turn.text ?? "");
  const toolCalls = renderCalls(compiled, resolve, state);
  if (text && request.onTextDelta) {
    for (const chunk of chunkWords(text)) request.onTextDelta(chunk);
  }
  let argumentChars = 0;
  for (const call of toolCalls) argumentChars += call.arguments.length;
  return {
    text,
    toolCalls,
    usage: scriptedUsage(turn, messages, { text, argumentChars }),
    finishReason: toolCalls.length > 0 ? "tool_calls" : "stop",
  };
}

function compile(entry: ScriptedRef): CompiledScript {
  try {
    return compileScript(entry.script);
  } catch (error) {
    throw new ModelCallError({
      kind: "bad_request",
      message: `invalid script for scripted model "${entry.model}": ${(error as Error).message}`,
      provider: entry.provider,
      model: entry.model,
      cause: error,
    });
  }
}

/** Rules first (in order, `once` at most once per session), then the next turn, then `whenExhausted`. */
function pickTurn(script: CompiledScript, state: SessionState, chainIndex: number, input: string): CompiledTurn {
  let chain = state.chains[chainIndex];
  if (!chain) {
    chain = { nextTurn: 0, fired: null };
    state.chains[chainIndex] = chain;
  }
  for (let i = 0; i < script.rules.length; i++) {
    const rule = script.rules[i];
    if (rule.once && chain.fired?.has(i)) continue;
    if (!rule.regex.test(input)) continue;
    if (rule.once) (chain.fired ??= new Set()).add(i);
    return rule.turn;
  }
  if (chain.nextTurn < script.turns.length) return script.turns[chain.nextTurn++];
  return script.whenExhausted;
}

function renderCalls(compiled: CompiledTurn, resolve: TemplateResolver, state: SessionState): ModelToolCall[] {
  if (compiled.calls.length === 0) return [];
  return compiled.calls.map((call, i) => ({
    id: `call_${state.short}_${state.calls}_${i}`,
    name: call.tool,
    arguments:
      call.staticArguments ??
      (typeof call.args === "string"
        ? renderTemplate(call.args, resolve)
        : JSON.stringify(renderDeep(call.args, resolve))),
  }));
}

/** The last user message: the latest chat input, or a child's task. */
function latestUserInput(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === "user") return message.content;
  }
  return "";
}

function resolver(messages: readonly ChatMessage[], input: string, agentId: string): TemplateResolver {
  return (name) => {
    switch (name) {
      case "input":
        return input;
      case "messageCount":
        return String(messages.length);
      case "agent":
        return agentId;
      case "lastToolResult": {
        for (let i = messages.length - 1; i >= 0; i--) {
          const message = messages[i];
          if (message.role === "tool") return message.content.slice(0, LAST_TOOL_RESULT_MAX_CHARS);
        }
        return "";
      }
    }
  };
}

function scriptedError(turn: Extract<CompiledTurn["turn"], { kind: "error" }>, entry: ScriptedRef): ModelCallError {
  const status = typeof turn.status === "number" ? turn.status : null;
  const kind =
    turn.status === "timeout" ? "timeout" : turn.status === "network" ? "network" : errorKindForStatus(turn.status);
  return new ModelCallError({
    kind,
    message: turn.message,
    provider: entry.provider,
    model: entry.model,
    status,
    retryAfterMs: turn.retryAfterSeconds !== undefined ? Math.round(turn.retryAfterSeconds * 1000) : null,
  });
}

function aborted(entry: ScriptedRef, request: ModelRequest): ModelCallError {
  return new ModelCallError({
    kind: "aborted",
    message: "scripted model call aborted",
    provider: entry.provider,
    model: entry.model,
    cause: request.cancel ? request.cancel.reason : request.signal.reason,
  });
}

/** Last 8 letters/digits of the session id: short, stable and safe in a tool call id. */
function shortId(sessionId: string): string {
  let out = "";
  for (let i = sessionId.length - 1; i >= 0 && out.length < 8; i--) {
    const c = sessionId.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) out = sessionId[i] + out;
  }
  return out.length > 0 ? out : "s";
}
