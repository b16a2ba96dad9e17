/**
 * Prisma's error messages are written for a developer reading a stack trace
 * ("Invalid `prisma.workspace.findUnique()` invocation: … Message: `…`").
 * These helpers turn them into the one line a person needs.
 */

/** True for the errors the Prisma client throws (known, unknown, init, validation…). */
export function isPrismaError(error: unknown): error is Error {
  return error instanceof Error && error.name.startsWith("PrismaClient");
}

/**
 * The useful part of a database error: the driver's own message when Prisma
 * quotes it, else the last non-empty line (Prisma puts the call site and a
 * code frame first, the reason last).
 *
 * @example
 * databaseErrorMessage(err) // "Can't reach database server at 127.0.0.1:54999"
 */
export function databaseErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /Message: `([^`]+)`/.exec(message);
  if (quoted) return quoted[1].trim();
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.at(-1) ?? "unknown error";
}
