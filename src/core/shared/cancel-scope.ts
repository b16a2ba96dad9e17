/**
 * Cancellation without an `EventTarget` per link.
 *
 * The runtime needs a cancellation tree (run → agent → handoff job → attempt →
 * model call, plus the run-wide budget stop). Built from `AbortController`s
 * linked by `abort` listeners, every link, every model call's race and every
 * wait adds an `EventTarget` listener: a few hundred bytes that stay alive
 * across each model wait, a slow `add/removeEventListener`, and Node's
 * `MaxListenersExceededWarning` once more than 10 children listen to one
 * parent signal. A `CancelScope` is a plain object with an ordered list of
 * callbacks: linking, subscribing and unsubscribing are a few property writes,
 * and an `AbortSignal` is created only when something outside the core needs
 * one (a model client, a tool, a sleep), at most once per scope.
 *
 * Abort order is the order of subscription, as with `EventTarget`; the lazily
 * created `AbortSignal` takes its place in that order when it is first read.
 */

/** Called once with the abort reason. */
export type CancelListener = (reason: unknown) => void;

/** A subscription handle (pass it to `off`). */
export interface CancelSubscription {
  /** @internal */ fn: CancelListener | null;
  /** @internal */ prev: CancelSubscription | null;
  /** @internal */ next: CancelSubscription | null;
}

/** The read side of a scope: what a callee may observe, never abort. */
export interface CancelToken {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** An `AbortSignal` that aborts with this token (created on first read, then reused). */
  readonly signal: AbortSignal;
  /** Calls `fn` once when the token aborts; returns null (and never calls it) when already aborted. */
  onAbort(fn: CancelListener): CancelSubscription | null;
  /** Removes a subscription (idempotent; null is ignored). */
  off(subscription: CancelSubscription | null): void;
}

/** A node of the cancellation tree: abortable by its owner, aborted by any parent. */
export class CancelScope implements CancelToken {
  private isAborted = false;
  private abortReason: unknown = undefined;
  private head: CancelSubscription | null = null;
  private tail: CancelSubscription | null = null;
  private controller: AbortController | null = null;
  /** Subscriptions on parent scopes (removed by `dispose`). */
  private links: Array<{ parent: CancelToken; subscription: CancelSubscription | null }> | null = null;
  /** The external signal this root listens to (removed by `dispose`). */
  private external: { signal: AbortSignal; listener: () => void } | null = null;

  /** A scope aborted by any of `parents` (already-aborted parents abort it at once). */
  static linked(...parents: CancelToken[]): CancelScope {
    const scope = new CancelScope();
    for (const parent of parents) {
      if (parent.aborted) {
        scope.abort(parent.reason);
        return scope;
      }
    }
    if (parents.length > 0) {
      const abort = (reason: unknown) => scope.abort(reason);
      scope.links = parents.map((parent) => ({ parent, subscription: parent.onAbort(abort) }));
    }
    return scope;
  }

  /** A root scope, aborted by `signal` when one is given (one listener on it until `dispose`). */
  static fromSignal(signal?: AbortSignal): CancelScope {
    const scope = new CancelScope();
    if (!signal) return scope;
    if (signal.aborted) {
      scope.abort(signal.reason);
      return scope;
    }
    const listener = () => scope.abort(signal.reason);
    signal.addEventListener("abort", listener, { once: true });
    scope.external = { signal, listener };
    return scope;
  }

  get aborted(): boolean {
    return this.isAborted;
  }

  get reason(): unknown {
    return this.abortReason;
  }

  get signal(): AbortSignal {
    if (this.controller === null) {
      const controller = new AbortController();
      this.controller = controller;
      if (this.isAborted) controller.abort(this.abortReason);
      else this.onAbort((reason) => controller.abort(reason));
    }
    return this.controller.signal;
  }

  /** A child scope: aborted with this one (dispose it when its owner finishes). */
  child(): CancelScope {
    return CancelScope.linked(this);
  }

  onAbort(fn: CancelListener): CancelSubscription | null {
    if (this.isAborted) return null;
    const subscription: CancelSubscription = { fn, prev: this.tail, next: null };
    if (this.tail) this.tail.next = subscription;
    else this.head = subscription;
    this.tail = subscription;
    return subscription;
  }

  off(subscription: CancelSubscription | null): void {
    if (subscription === null || subscription.fn === null) return;
    subscription.fn = null;
    const { prev, next } = subscription;
    if (prev) prev.next = next;
    else if (this.head === subscription) this.head = next;
    if (next) next.prev = prev;
    else if (this.tail === subscription) this.tail = prev;
    subscription.prev = subscription.next = null;
  }

  /** Aborts this scope and, through their subscriptions, its descendants (in subscription order). */
  abort(reason: unknown): void {
    if (this.isAborted) return;
    this.isAborted = true;
    this.abortReason = reason;
    this.dispose();
    let node = this.head;
    this.head = this.tail = null;
    let failure: { error: unknown } | null = null;
    while (node !== null) {
      const { fn, next } = node;
      node.fn = null;
      node.prev = node.next = null;
      try {
        fn?.(reason);
      } catch (error) {
        // Like EventTarget: one failing listener does not stop the others; the error is reported, not lost.
        failure ??= { error };
      }
      node = next;
    }
    if (failure) {
      const { error } = failure;
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  /** Detaches from the parents and the external signal (call when the owner finishes). */
  dispose(): void {
    if (this.links !== null) {
      for (const { parent, subscription } of this.links) parent.off(subscription);
      this.links = null;
    }
    if (this.external !== null) {
      this.external.signal.removeEventListener("abort", this.external.listener);
      this.external = null;
    }
  }
}

/**
 * A token over a plain `AbortSignal` (for callers that only have a signal):
 * each subscription is an `abort` listener on it.
 */
export function tokenFromSignal(signal: AbortSignal): CancelToken {
  const listeners = new Map<CancelSubscription, () => void>();
  return {
    get aborted() {
      return signal.aborted;
    },
    get reason() {
      return signal.reason as unknown;
    },
    signal,
    onAbort(fn) {
      if (signal.aborted) return null;
      const subscription: CancelSubscription = { fn, prev: null, next: null };
      const listener = () => {
        listeners.delete(subscription);
        subscription.fn = null;
        fn(signal.reason);
      };
      listeners.set(subscription, listener);
      signal.addEventListener("abort", listener, { once: true });
      return subscription;
    },
    off(subscription) {
      if (subscription === null) return;
      const listener = listeners.get(subscription);
      if (!listener) return;
      listeners.delete(subscription);
      subscription.fn = null;
      signal.removeEventListener("abort", listener);
    },
  };
}

/** Settles like `promise`, or rejects with the token's reason as soon as it aborts. */
export function raceCancel<T>(promise: Promise<T>, token: CancelToken): Promise<T> {
  if (token.aborted) {
    // Still observe the promise: its late rejection must not be unhandled.
    promise.catch(() => undefined);
    return Promise.reject(token.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const subscription = token.onAbort(reject);
    promise.then(
      (value) => {
        token.off(subscription);
        resolve(value);
      },
      (error: unknown) => {
        token.off(subscription);
        reject(error);
      },
    );
  });
}
