import { formatCount } from "../graph/json-text";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import type { DiagnosticCode } from "../diagnostics/diagnostic-codes";

/**
 * At most this many diagnostics of one code are listed. A generated graph with
 * 20,000 stray edges gave 19,801 warnings (6.9 MB) that no person reads and
 * that a server, the CLI and the editor would each have to carry.
 */
export const MAX_DIAGNOSTICS_PER_CODE = 50;

/**
 * Keeps the first `max` diagnostics of each code and puts one summary of the
 * same code and severity right after them — "…and 19,751 more
 * `unreachable_agent`" — so every code that occurs stays visible, errors stay
 * errors, and the count of the rest is exact. Order is otherwise kept. Apply it
 * once, to a complete list (`compile` does).
 */
export function capDiagnostics(diagnostics: readonly Diagnostic[], max = MAX_DIAGNOSTICS_PER_CODE): Diagnostic[] {
  const total = new Map<string, number>();
  for (const d of diagnostics) total.set(d.code, (total.get(d.code) ?? 0) + 1);
  if ([...total.values()].every((n) => n <= max)) return [...diagnostics];
  const seen = new Map<string, number>();
  const result: Diagnostic[] = [];
  for (const d of diagnostics) {
    const n = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, n);
    if (n <= max) result.push(d);
    const rest = total.get(d.code)! - max;
    if (n === max && rest > 0) result.push(summary(d.code as DiagnosticCode, rest, max));
  }
  return result;
}

function summary(code: DiagnosticCode, rest: number, max: number): Diagnostic {
  const noun = rest === 1 ? "problem" : "problems";
  return diagnostic(
    code,
    `…and ${formatCount(rest)} more \`${code}\` (${noun} of this kind are listed up to ${max}; fix the ones above first)`,
  );
}
