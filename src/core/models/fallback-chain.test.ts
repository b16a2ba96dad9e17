import { describe, expect, it, vi } from "vitest";
import type { AttemptEndInfo, AttemptInfo } from "./attempt-events";
import { EmptyModelChainError } from "./empty-model-chain-error";
import { type ChainRequest, generateWithFallback } from "./fallback-chain";
import { ModelCallError } from "./model-error";
import { ModelChainExhaustedError } from "./model-chain-exhausted-error";
import type { ModelClient, ModelErrorKind, ModelRequest, ModelResponse } from "./model-port";
import { type ModelRef, type ModelRefInput, modelRefSchema } from "./model-ref";
import type { ModelTimer } from "./timing-ports";

const ref = (input: Partial<ModelRefInput> & { model: string }): ModelRef =>
  modelRefSchema.parse({ provider: "openai", timeoutMillis: 0, ...input } as ModelRefInput);

const ok = (text: string): ModelResponse => ({
  text,
  toolCalls: [],
  usage: { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 },
  finishReason: "stop",
});

const fail = (kind: ModelErrorKind, extra: { status?: number; retryAfterMs?: number } = {}) =>
  new ModelCallError({ kind, message: `${kind} failure`, provider: "openai", model: "x", ...extra });

type Step = ModelResponse | Error | ((request: ModelRequest) => Promise<ModelResponse>);

/** A client answering from a queue per model name, recording every request. */
function queueClient(steps: Record<string, Step[]>) {
  const calls: ModelRequest[] = [];
  const client: ModelClient = {
    async generate(request) {
      calls.push(request);
      const step = steps[request.model.model]?.shift();
      if (!step) throw new Error(`no step left for ${request.model.model}`);
      if (step instanceof Error) throw step;
      if (typeof step === "function") return step(request);
      return step;
    },
  };
  return { client, calls };
}

function baseRequest(overrides: Partial<ChainRequest> = {}): ChainRequest {
  return {
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    signal: new AbortController().signal,
    context: { agentId: "main", sessionId: "s1" },
    ...overrides,
  };
}

function recorder() {
  const starts: AttemptInfo[] = [];
  const ends: AttemptEndInfo[] = [];
  const sleeps: number[] = [];
  return {
    starts,
    ends,
    sleeps,
    onAttemptStart: (i: AttemptInfo) => starts.push(i),
    onAttemptEnd: (i: AttemptEndInfo) => ends.push(i),
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  };
}

/** A timer the test fires by hand. */
function manualTimer() {
  const pending = new Set<{ ms: number; fire: () => void }>();
  const timer: ModelTimer = (ms, fire) => {
    const entry = { ms, fire };
    pending.add(entry);
    return () => pending.delete(entry);
  };
  return {
    timer,
    pending,
    fireAll() {
      for (const entry of [...pending]) {
        pending.delete(entry);
        entry.fire();
      }
    },
  };
}

/** A call that only ends when its signal aborts. */
const hang = (request: ModelRequest) =>
  new Promise<ModelResponse>((_, reject) => {
    request.signal.addEventListener("abort", () => reject(new Error("socket closed")), { once: true });
  });

describe("generateWithFallback", () => {
  it("answers from the first model and reports the attempt", async () => {
    const { client, calls } = queueClient({ a: [ok("hello")] });
    const rec = recorder();
    const result = await generateWithFallback({ chain: [ref({ model: "a" })], client, request: baseRequest(), ...rec });
    expect(result).toMatchObject({ chainIndex: 0, attempt: 1, response: { text: "hello" }, failedAttempts: [] });
    expect(result.entry.model).toBe("a");
    expect(calls[0].context).toEqual({ agentId: "main", sessionId: "s1", chainIndex: 0 });
    expect(calls[0].model.model).toBe("a");
    expect(rec.starts).toEqual([{ chainIndex: 0, attempt: 1, provider: "openai", model: "a" }]);
    expect(rec.ends).toHaveLength(1);
    expect(rec.ends[0]).toMatchObject({ willRetry: false, willFallback: false, response: { text: "hello" } });
    expect(rec.ends[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("retries a 5xx with exponential backoff, then succeeds", async () => {
    const { client } = queueClient({
      a: [fail("server", { status: 500 }), fail("server", { status: 503 }), ok("third")],
    });
    const rec = recorder();
    const result = await generateWithFallback({
      chain: [ref({ model: "a", retries: 2 })],
      client,
      request: baseRequest(),
      ...rec,
    });
    expect(result).toMatchObject({ chainIndex: 0, attempt: 3 });
    expect(result.failedAttempts.map((a) => a.error.status)).toEqual([500, 503]);
    expect(rec.sleeps).toEqual([250, 500]);
    expect(rec.ends.map((e) => [e.attempt, e.willRetry, e.delayMs])).toEqual([
      [1, true, 250],
      [2, true, 500],
      [3, false, undefined],
    ]);
  });

  it("uses the injected backoff", async () => {
    const { client } = queueClient({ a: [fail("network"), ok("ok")] });
    const rec = recorder();
    await generateWithFallback({
      chain: [ref({ model: "a" })],
      client,
      request: baseRequest(),
      backoff: () => 7,
      ...rec,
    });
    expect(rec.sleeps).toEqual([7]);
  });

  it("waits a 429's Retry-After, capped at retryAfterCapMs", async () => {
    const { client } = queueClient({
      a: [
        fail("rate_limit", { status: 429, retryAfterMs: 1_500 }),
        fail("rate_limit", { status: 429, retryAfterMs: 90_000 }),
        ok("ok"),
      ],
    });
    const rec = recorder();
    await generateWithFallback({
      chain: [ref({ model: "a", retries: 2 })],
      client,
      request: baseRequest(),
      retryAfterCapMs: 10_000,
      ...rec,
    });
    expect(rec.sleeps).toEqual([1_500, 10_000]);
    expect(rec.ends[0].error).toEqual({
      kind: "rate_limit",
      status: 429,
      message: "rate_limit failure",
      retryAfterMs: 1_500,
    });
  });

  it("falls to the next model after the retries, without waiting", async () => {
    const { client, calls } = queueClient({ a: [fail("server"), fail("timeout")], b: [ok("from b")] });
    const rec = recorder();
    const result = await generateWithFallback({
      chain: [ref({ model: "a", retries: 1 }), ref({ model: "b", provider: "anthropic" })],
      client,
      request: baseRequest(),
      ...rec,
    });
    expect(result).toMatchObject({ chainIndex: 1, attempt: 1, response: { text: "from b" } });
    expect(calls.map((c) => [c.model.model, c.context.chainIndex])).toEqual([
      ["a", 0],
      ["a", 0],
      ["b", 1],
    ]);
    expect(rec.sleeps).toEqual([250]);
    expect(rec.ends.map((e) => [e.chainIndex, e.attempt, e.willRetry, e.willFallback])).toEqual([
      [0, 1, true, false],
      [0, 2, false, true],
      [1, 1, false, false],
    ]);
    expect(rec.starts[2]).toEqual({ chainIndex: 1, attempt: 1, provider: "anthropic", model: "b" });
  });

  it("stops at once on a non-retryable error and rethrows it", async () => {
    const badRequest = fail("bad_request", { status: 400 });
    const { client, calls } = queueClient({ a: [badRequest], b: [ok("never")] });
    const rec = recorder();
    const promise = generateWithFallback({
      chain: [ref({ model: "a", retries: 3 }), ref({ model: "b" })],
      client,
      request: baseRequest(),
      ...rec,
    });
    await expect(promise).rejects.toBe(badRequest);
    expect(calls).toHaveLength(1);
    expect(rec.ends[0]).toMatchObject({
      willRetry: false,
      willFallback: false,
      error: { kind: "bad_request", status: 400 },
    });
  });

  it.each(["auth", "content_filter"] as const)("does not retry or fall back on %s", async (kind) => {
    const { client, calls } = queueClient({ a: [fail(kind)], b: [ok("never")] });
    await expect(
      generateWithFallback({
        chain: [ref({ model: "a" }), ref({ model: "b" })],
        client,
        request: baseRequest(),
        ...recorder(),
      }),
    ).rejects.toMatchObject({ kind });
    expect(calls).toHaveLength(1);
  });

  it("treats foreign errors as unknown and non-retryable", async () => {
    const { client, calls } = queueClient({ a: [new TypeError("x is undefined")], b: [ok("never")] });
    const promise = generateWithFallback({
      chain: [ref({ model: "a" }), ref({ model: "b" })],
      client,
      request: baseRequest(),
      ...recorder(),
    });
    await expect(promise).rejects.toBeInstanceOf(ModelCallError);
    await expect(promise).rejects.toMatchObject({ kind: "unknown", message: "x is undefined", model: "a" });
    expect(calls).toHaveLength(1);
  });

  it("throws ModelChainExhaustedError listing every attempt when all fail", async () => {
    const { client } = queueClient({
      a: [fail("server", { status: 502 }), fail("server", { status: 500 })],
      b: [fail("network")],
    });
    const promise = generateWithFallback({
      chain: [ref({ model: "a", retries: 1 }), ref({ model: "b", retries: 0 })],
      client,
      request: baseRequest(),
      ...recorder(),
    });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelChainExhaustedError);
    const exhausted = error as ModelChainExhaustedError;
    expect(exhausted.attempts.map((a) => [a.chainIndex, a.attempt, a.model, a.error.kind])).toEqual([
      [0, 1, "a", "server"],
      [0, 2, "a", "server"],
      [1, 1, "b", "network"],
    ]);
    expect(exhausted.lastError.kind).toBe("network");
    expect(exhausted.agentId).toBe("main");
    expect(exhausted.message).toContain("3 attempts on 2 models");
    expect(exhausted.message).toContain("openai/a try 1: server 502");
  });

  it("throws EmptyModelChainError for an empty chain", async () => {
    const { client } = queueClient({});
    await expect(
      generateWithFallback({ chain: [], client, request: baseRequest(), ...recorder() }),
    ).rejects.toBeInstanceOf(EmptyModelChainError);
  });

  it("makes no attempt when the signal is already aborted", async () => {
    const { client, calls } = queueClient({ a: [ok("never")] });
    const controller = new AbortController();
    controller.abort();
    const rec = recorder();
    await expect(
      generateWithFallback({
        chain: [ref({ model: "a" })],
        client,
        request: baseRequest({ signal: controller.signal }),
        ...rec,
      }),
    ).rejects.toMatchObject({ kind: "aborted" });
    expect(calls).toHaveLength(0);
    expect(rec.starts).toHaveLength(0);
  });

  it("stops on abort during a call, with retries and models left, even if the client ignores the signal", async () => {
    const controller = new AbortController();
    const stubborn = () => new Promise<ModelResponse>(() => {});
    const { client, calls } = queueClient({ a: [stubborn, ok("never")], b: [ok("never")] });
    const rec = recorder();
    const promise = generateWithFallback({
      chain: [ref({ model: "a", retries: 3 }), ref({ model: "b" })],
      client,
      request: baseRequest({ signal: controller.signal }),
      ...rec,
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort(new Error("user pressed stop"));
    await expect(promise).rejects.toMatchObject({ kind: "aborted" });
    expect(calls).toHaveLength(1);
    expect(calls[0].signal.aborted).toBe(true);
    expect(rec.ends[0]).toMatchObject({ error: { kind: "aborted" }, willRetry: false, willFallback: false });
  });

  it("stops on abort during the backoff wait", async () => {
    const controller = new AbortController();
    const { client, calls } = queueClient({ a: [fail("server"), ok("never")] });
    const sleep = vi.fn(async () => {
      controller.abort();
    });
    const promise = generateWithFallback({
      chain: [ref({ model: "a" })],
      client,
      request: baseRequest({ signal: controller.signal }),
      sleep,
    });
    await expect(promise).rejects.toMatchObject({ kind: "aborted" });
    expect(sleep).toHaveBeenCalledWith(250, controller.signal);
    expect(calls).toHaveLength(1);
  });

  it("accepts a sleep that rejects on abort", async () => {
    const controller = new AbortController();
    const { client } = queueClient({ a: [fail("server"), ok("never")] });
    const sleep = async () => {
      controller.abort();
      throw new Error("sleep aborted");
    };
    await expect(
      generateWithFallback({
        chain: [ref({ model: "a" })],
        client,
        request: baseRequest({ signal: controller.signal }),
        sleep,
      }),
    ).rejects.toMatchObject({ kind: "aborted" });
  });

  it("times an attempt out for real, aborting the call's signal, then retries", async () => {
    const timers = manualTimer();
    const { client, calls } = queueClient({ a: [hang, ok("second try")] });
    const rec = recorder();
    const promise = generateWithFallback({
      chain: [ref({ model: "a", timeoutMillis: 5_000 })],
      client,
      request: baseRequest(),
      timer: timers.timer,
      ...rec,
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect([...timers.pending].map((t) => t.ms)).toEqual([5_000]);
    timers.fireAll();
    const result = await promise;
    expect(calls[0].signal.aborted).toBe(true);
    expect(rec.ends[0]).toMatchObject({ error: { kind: "timeout", status: null }, willRetry: true });
    expect(rec.ends[0].error?.message).toContain("within 5000 ms");
    expect(result).toMatchObject({ attempt: 2, response: { text: "second try" } });
    expect(timers.pending.size).toBe(0);
  });

  it("times out even when the client ignores its signal", async () => {
    const timers = manualTimer();
    const { client, calls } = queueClient({ a: [() => new Promise<ModelResponse>(() => {})] });
    const promise = generateWithFallback({
      chain: [ref({ model: "a", retries: 0, timeoutMillis: 100 })],
      client,
      request: baseRequest(),
      timer: timers.timer,
      ...recorder(),
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    timers.fireAll();
    await expect(promise).rejects.toBeInstanceOf(ModelChainExhaustedError);
  });

  it("creates a timed attempt's AbortSignal only when the client reads it; its token still aborts at the deadline", async () => {
    const Original = globalThis.AbortController;
    let created = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        created++;
      }
    };
    try {
      const timers = manualTimer();
      const seen: unknown[] = [];
      const observeToken = (request: ModelRequest) =>
        new Promise<ModelResponse>(() => {
          request.cancel?.onAbort((reason) => seen.push(reason));
        });
      const { client, calls } = queueClient({ a: [ok("fast"), observeToken] });
      const request = baseRequest();
      const before = created;
      const chain = [ref({ model: "a", retries: 0, timeoutMillis: 60_000 })];
      await generateWithFallback({ chain, client, request, timer: timers.timer, ...recorder() });
      const promise = generateWithFallback({ chain, client, request, timer: timers.timer, ...recorder() });
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1].cancel?.aborted).toBe(false);
      timers.fireAll();
      await expect(promise).rejects.toBeInstanceOf(ModelChainExhaustedError);
      expect(created - before).toBe(0);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ kind: "timeout" });
      // Read after the fact, the signal exists and is aborted with the same reason.
      expect(calls[1].signal.aborted).toBe(true);
      expect(calls[1].signal.reason).toBe(seen[0]);
      expect(created - before).toBe(1);
    } finally {
      globalThis.AbortController = Original;
    }
  });

  it("sets no timer when timeoutMillis is 0 and clears it after a fast answer", async () => {
    const timers = manualTimer();
    const { client } = queueClient({ a: [ok("x")], b: [ok("y")] });
    await generateWithFallback({
      chain: [ref({ model: "a" })],
      client,
      request: baseRequest(),
      timer: timers.timer,
      ...recorder(),
    });
    expect(timers.pending.size).toBe(0);
    await generateWithFallback({
      chain: [ref({ model: "b", timeoutMillis: 1_000 })],
      client,
      request: baseRequest(),
      timer: timers.timer,
      ...recorder(),
    });
    expect(timers.pending.size).toBe(0);
  });

  it("forwards text deltas but drops those of an attempt that already ended", async () => {
    const timers = manualTimer();
    let lateDelta: ((d: string) => void) | undefined;
    const { client } = queueClient({
      a: [
        async (request) => {
          request.onTextDelta?.("partial ");
          lateDelta = request.onTextDelta;
          return hang(request);
        },
        async (request) => {
          request.onTextDelta?.("fresh");
          return ok("fresh");
        },
      ],
    });
    const deltas: string[] = [];
    const promise = generateWithFallback({
      chain: [ref({ model: "a", timeoutMillis: 10 })],
      client,
      request: baseRequest({ onTextDelta: (d) => deltas.push(d) }),
      timer: timers.timer,
      ...recorder(),
    });
    await vi.waitFor(() => expect(lateDelta).toBeDefined());
    timers.fireAll();
    await promise;
    lateDelta?.("too late");
    expect(deltas).toEqual(["partial ", "fresh"]);
  });

  it("measures durations with the injected clock", async () => {
    let now = 1_000;
    const { client } = queueClient({ a: [async () => ((now += 42), ok("x"))] });
    const rec = recorder();
    await generateWithFallback({
      chain: [ref({ model: "a" })],
      client,
      request: baseRequest(),
      clock: { now: () => now },
      ...rec,
    });
    expect(rec.ends[0].durationMs).toBe(42);
  });
});
