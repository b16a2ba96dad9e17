/**
 * Serialises work per key (REUSE_SESSION: concurrent calls on one reused
 * session run one after another, in arrival order).
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Resolves with a release function once every earlier holder of `key` released. */
  async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /** Number of keys with a holder or waiters (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
