import { createDeadlineTimer } from "./deadline-timer";

/**
 * The few side effects the model layer needs, as injectable ports so the
 * core stays pure and tests stay deterministic. Shapes match the runtime's
 * `Sleep` and `Clock` ports, so the runtime passes its own through.
 */

/**
 * Waits `ms` milliseconds. When `signal` aborts first the promise settles
 * early (resolving or rejecting: callers accept both) and the timer is released.
 */
export type ModelSleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Wall clock in epoch milliseconds (used for attempt durations). */
export interface ModelClock {
  now(): number;
}

/**
 * Schedules `onFire` after `ms` milliseconds and returns a function that
 * cancels it. Per-attempt timeouts use this instead of `sleep`, so a test that
 * passes an instant `sleep` (to skip backoff waits) does not time every call out.
 */
export type ModelTimer = (ms: number, onFire: () => void) => () => void;

/**
 * The default timer: the global `setTimeout` (present in Node, browsers and
 * workers), one host timer shared by all pending deadlines of a duration
 * (see `createDeadlineTimer`: a timed model call then costs a list node, not a host timer).
 */
export const globalTimer: ModelTimer = createDeadlineTimer();

/** The default clock: `Date.now()`. */
export const systemClock: ModelClock = { now: () => Date.now() };
