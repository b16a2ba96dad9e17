import type { IdGenerator, IdKind } from "../ports";

/** Readable, deterministic ids for tests: run_1, task_1, session_3… */
export function createCounterIds(): IdGenerator {
  const counters = new Map<IdKind, number>();
  return {
    newId(kind) {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return `${kind}_${next}`;
    },
  };
}
