import { readFileSync, writeFileSync } from "node:fs";

/** Peak resident set size of this process (VmHWM) in bytes, or null off Linux. */
export function peakRss(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0), so the next peak is the measured phase's. */
export function resetPeakRss(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples `process.memoryUsage.rss()` on a timer as a fallback where /proc is
 * missing (it misses peaks while the event loop is busy, so VmHWM is preferred).
 */
export function startRssSampler(intervalMs = 10): () => number {
  let max = process.memoryUsage.rss();
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return Math.max(max, process.memoryUsage.rss());
  };
}

/**
 * CPU time of this process's main (JavaScript) thread in ms — user + system
 * from `/proc/self/task/<pid>/stat` (10 ms ticks), or null off Linux. Unlike
 * `process.cpuUsage()` it leaves out GC helper and libuv threads; unlike wall
 * time it does not grow when other processes take the cores, so it is the
 * steadier figure on a shared machine: at 1,000 concurrent runs the phase is
 * CPU-bound on this thread, and wall ≈ its CPU time on a quiet machine.
 */
export function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}
