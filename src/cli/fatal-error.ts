/** Exit code for a failure that is not the input's fault (sysexits EX_SOFTWARE). */
export const INTERNAL_ERROR_EXIT = 70;

/**
 * The one line the CLI prints for an error no command turned into a
 * diagnostic: bad input must never show a stack trace with `node_modules`
 * paths, and even a bug reads as a sentence. `AGS_DEBUG=1` adds the stack.
 */
export function formatFatalError(error: unknown, env: Record<string, string | undefined> = {}): string {
  const debug = env.AGS_DEBUG !== undefined && env.AGS_DEBUG !== "" && env.AGS_DEBUG !== "0";
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n").find((line) => line.trim() !== "") ?? "(no message)";
  const name = error instanceof Error && error.name !== "Error" ? `${error.name}: ` : "";
  if (debug && error instanceof Error && error.stack) return `error: unexpected failure: ${error.stack}\n`;
  return `error: unexpected failure: ${name}${firstLine}${debug ? "" : " (set AGS_DEBUG=1 to see the stack trace)"}\n`;
}
