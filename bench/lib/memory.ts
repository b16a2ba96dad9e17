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
