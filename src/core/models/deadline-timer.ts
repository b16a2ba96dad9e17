import type { ModelTimer } from "./timing-ports";

/**
 * A `ModelTimer` that shares one host timer among all pending deadlines of
 * the same duration.
 *
 * Every timed model call schedules a timeout (60 s by default) that almost
 * never fires: the call answers in milliseconds and the timer is cancelled.
 * A host `setTimeout` + `clearTimeout` pair per call costs a `Timeout`
 * object, async-hook bookkeeping and a priority-queue insert and removal —
 * more than the rest of the timed path together (bench, scenarios 1–2). Here
 * a pending deadline is one small list node: scheduling appends it (deadlines
 * of one duration arrive in order, so each list stays sorted), cancelling
 * unlinks it. One host timer per duration is armed for the list's head; when
 * it fires it runs every deadline that is due and re-arms for the next one.
 * A cancelled head leaves the host timer armed: it fires early, finds nothing
 * due, and re-arms (at most one spurious wake-up per duration per period).
 *
 * Node keeps a process alive while a timer is referenced: the host timer is
 * referenced only while its list holds a deadline (`ref`/`unref`, a flag
 * toggle, instead of clearing and re-creating it), so an idle runtime lets
 * the process exit exactly as before.
 *
 * Host timers are read from `globalThis` at call time (fake timers installed
 * by a test are honoured). When the host timer fires, its own target counts as
 * "now" even if the clock says otherwise, so a fake `setTimeout` driven
 * without a fake clock still fires the deadlines it was armed for.
 */
export function createDeadlineTimer(now: () => number = defaultNow): ModelTimer {
  const lists = new Map<number, DeadlineList>();
  return (ms, onFire) => {
    let list = lists.get(ms);
    if (list === undefined) {
      // Durations are few (model, handoff and run timeouts), but a caller may pass many distinct ones: bound the map.
      if (lists.size >= MAX_IDLE_LISTS) {
        for (const [key, other] of lists) if (other.idle()) lists.delete(key);
      }
      list = new DeadlineList(ms, now);
      lists.set(ms, list);
    }
    return list.add(onFire);
  };
}

/** Above this many durations, lists without pending deadlines are dropped when a new duration comes. */
const MAX_IDLE_LISTS = 64;

interface HostTimer {
  ref?(): unknown;
  unref?(): unknown;
}

interface Deadline {
  at: number;
  fn: (() => void) | null;
  prev: Deadline | null;
  next: Deadline | null;
}

/** The pending deadlines of one duration, oldest first, behind one host timer. */
class DeadlineList {
  private head: Deadline | null = null;
  private tail: Deadline | null = null;
  private handle: ReturnType<typeof setTimeout> | null = null;
  /** The clock time the host timer is armed for. */
  private armedFor = 0;
  private referenced = false;

  constructor(
    private readonly ms: number,
    private readonly now: () => number,
  ) {}

  /** True when nothing is pending (an armed host timer is unreferenced and finds nothing when it fires). */
  idle(): boolean {
    return this.head === null;
  }

  add(onFire: () => void): () => void {
    const node: Deadline = { at: this.now() + this.ms, fn: onFire, prev: this.tail, next: null };
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    if (this.handle === null) this.arm(this.ms, node.at);
    else if (!this.referenced) this.setRef(true);
    return () => this.remove(node);
  }

  private remove(node: Deadline): void {
    if (node.fn === null) return;
    node.fn = null;
    const { prev, next } = node;
    if (prev) prev.next = next;
    else this.head = next;
    if (next) next.prev = prev;
    else this.tail = prev;
    node.prev = node.next = null;
    if (this.head === null && this.referenced) this.setRef(false);
  }

  private arm(delay: number, at: number): void {
    this.armedFor = at;
    this.handle = setTimeout(() => this.fire(), delay);
    this.referenced = true;
  }

  private setRef(on: boolean): void {
    const handle = this.handle as HostTimer | null;
    this.referenced = on;
    if (on) handle?.ref?.();
    else handle?.unref?.();
  }

  private fire(): void {
    this.handle = null;
    const now = Math.max(this.now(), this.armedFor);
    let node = this.head;
    while (node !== null && node.at <= now) {
      const fn = node.fn;
      this.remove(node);
      // One failing callback must not strand the rest (as with separate host timers): report it, go on.
      try {
        fn?.();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
      node = this.head;
    }
    // Callbacks may have scheduled new deadlines (and armed a timer) already.
    if (this.head !== null && this.handle === null) this.arm(Math.max(1, this.head.at - now), this.head.at);
  }
}

function defaultNow(): number {
  // Monotonic where available: a wall-clock jump must not delay or advance timeouts.
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
