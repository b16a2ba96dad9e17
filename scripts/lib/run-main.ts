/**
 * Runs a script's main function and exits with its code. Expected failures
 * (our named errors) print just their message; others print the stack too.
 * Exiting explicitly matters: a pending pool or timer must not keep a
 * finished script alive.
 */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(isNamedError(error) ? `Error: ${error.message}` : error);
      process.exit(1);
    },
  );
}

const BUILT_IN_ERRORS = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "EvalError",
  "URIError",
]);

/** Our errors (PortInUseError, MigrationError, …) carry a message written for people. */
function isNamedError(error: unknown): error is Error {
  return error instanceof Error && !BUILT_IN_ERRORS.has(error.name);
}
