/**
 * Settles like `promise`, or rejects with the signal's reason as soon as it
 * aborts — even when the work behind the promise ignores the signal. The
 * promise is always observed (a late rejection is never unhandled), and the
 * one abort listener is removed when it settles, so a long-lived signal (a
 * run's) does not collect listeners. Shared by the runtime and the model
 * layer, which must not import the runtime.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}
