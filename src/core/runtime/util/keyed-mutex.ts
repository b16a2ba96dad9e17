/**
 * Serialises work per key (REUSE_SESSION: concurrent calls on one reused
 * session run one after another, in arrival order).
 */
export class KeyedMutex {
  /** Created on first use: most runs never lock (an empty Map is ~170 bytes per run). */
  private tails: Map<string, Promise<void>> | null = null;

  /** Resolves with a release function once every earlier holder of `key` released. */
  async acquire(key: string): Promise<() => void> {
    const tails = (this.tails ??= new Map());
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    tails.set(key, tail);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
  }

  /** Number of keys with a holder or waiters (for tests). */
  get size(): number {
    return this.tails?.size ?? 0;
  }
}
