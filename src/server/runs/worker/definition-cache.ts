import { type RuntimeDefinition, parseRuntimeDefinition } from "@/core/compiler";

/**
 * Parsed runtime definitions by content hash (the compiler's hash of the
 * definition), least recently used dropped past `capacity`. Many runs of the
 * same version then share one parse (`parseRuntimeDefinition`, a zod parse:
 * ~0.4 ms for scenario 2's small graph) and the worker does not even load the
 * stored JSON. Cached definitions are deep-frozen: runs share them.
 */
export class DefinitionCache {
  private readonly entries = new Map<string, RuntimeDefinition>();

  constructor(private readonly capacity = 100) {}

  /** The parsed definition of `contentHash`, loading (`load`) and parsing it on a miss. */
  async get(contentHash: string, load: () => Promise<unknown>): Promise<RuntimeDefinition> {
    const cached = this.entries.get(contentHash);
    if (cached) {
      this.entries.delete(contentHash); // Most recently used last.
      this.entries.set(contentHash, cached);
      return cached;
    }
    const parsed = deepFreeze(parseRuntimeDefinition(await load()));
    this.entries.set(contentHash, parsed);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return parsed;
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
