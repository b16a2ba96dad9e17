/** Workers print their result as one line with this prefix; everything else on stdout is passed through. */
export const RESULT_PREFIX = "@@BENCH_RESULT ";

export function emitResult(result: unknown): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}
