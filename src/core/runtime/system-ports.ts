import { createScriptedModelClient } from "../models/scripted-model";
import type { ModelClient } from "../models/model-port";
import { globalTimer } from "../models/timing-ports";
import { MemoryFileWorkspace } from "./memory/memory-file-workspace";
import { MemorySessionStore } from "./memory/memory-session-store";
import type { Clock, IdGenerator, RuntimePorts, Sleep } from "./ports";
import { consoleLogger } from "./sink-error-reporter";

/** Real wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

const ONCE: AddEventListenerOptions = { once: true };

/** Real timers; settles early (resolving) when the signal aborts. */
export const systemSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (!signal) {
      setTimeout(resolve, ms);
      return;
    }
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(handle);
      resolve();
    };
    const handle = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, ONCE);
  });

/** Random UUIDs (Web Crypto, available in Node ≥ 19, browsers and workers). */
export const uuidIds: IdGenerator = { newId: () => globalThis.crypto.randomUUID() };

/**
 * Ports for a process-local run (CLI, benchmarks, the embedded default):
 * real time, uuids, in-memory sessions and files, and the scripted model
 * unless another client is given.
 */
export function systemPorts(overrides: Partial<RuntimePorts> & { model?: ModelClient } = {}): RuntimePorts {
  return {
    model:
      overrides.model ??
      // With the system sleep, latency waits use the global timer and the call's cancel token (no AbortSignal).
      createScriptedModelClient({
        sleep: overrides.sleep ?? systemSleep,
        timer: overrides.sleep ? undefined : globalTimer,
      }),
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidIds,
    sleep: overrides.sleep ?? systemSleep,
    sessions: overrides.sessions ?? new MemorySessionStore(),
    files: overrides.files ?? new MemoryFileWorkspace(),
    tools: overrides.tools,
    // Real setTimeout for model timeouts, unless a custom (e.g. virtual) sleep is used.
    timer: overrides.timer ?? (overrides.sleep ? undefined : globalTimer),
    sinks: overrides.sinks,
    onSinkError: overrides.onSinkError,
    logger: overrides.logger ?? consoleLogger,
  };
}
