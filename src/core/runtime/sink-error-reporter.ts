import { errorMessage } from "./errors";
import type { Logger, SinkErrorReport } from "./ports";

/** A console as the logger port (works wherever `console` exists: Node, browsers, workers). */
export const consoleLogger: Logger = { warn: (message) => globalThis.console?.warn(message) };

/**
 * The default `onSinkError`: logs the first failure of each sink with the
 * event it failed on, counts the rest (a sink that is down fails on every
 * event; one line each would flood the log), and `flush` logs the count when
 * the run ends.
 */
export function createSinkErrorReporter(logger: Logger): {
  report(report: SinkErrorReport): void;
  flush(runId: string): void;
} {
  const repeats = new Map<number, number>();
  const safeWarn = (message: string) => {
    try {
      logger.warn(message);
    } catch {
      // The logger itself failed: nothing else to tell.
    }
  };
  return {
    report({ runId, sinkIndex, event, error }) {
      const seen = repeats.get(sinkIndex);
      if (seen !== undefined) {
        repeats.set(sinkIndex, seen + 1);
        return;
      }
      repeats.set(sinkIndex, 0);
      safeWarn(
        `event sink #${sinkIndex} threw on ${event.type} (seq ${event.seq}) of run ${runId}: ${errorMessage(error)}; ` +
          "the run goes on and the sink keeps receiving events",
      );
    },
    flush(runId) {
      for (const [sinkIndex, count] of repeats)
        if (count > 0) safeWarn(`event sink #${sinkIndex} threw ${count} more time(s) in run ${runId}`);
      repeats.clear();
    },
  };
}
