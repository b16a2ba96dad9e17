import type { InputFilter } from "../../graph/schema";
import { compileUserRegex, type UserRegex } from "../../patterns/user-regex";

/** An input filter whose regular expression does not compile (the compiler reports it first: `invalid_regex`). */
export class InvalidInputFilterError extends Error {
  constructor(
    readonly pattern: string,
    cause: unknown,
  ) {
    super(`input filter: ${cause instanceof Error ? cause.message : `invalid pattern ${pattern}`}`, { cause });
    this.name = "InvalidInputFilterError";
  }
}

const compiled = new WeakMap<InputFilter, UserRegex[]>();

function patternsOf(filter: InputFilter): UserRegex[] {
  let patterns = compiled.get(filter);
  if (!patterns) {
    patterns = filter.redact.map((rule) => {
      try {
        return compileUserRegex(rule.pattern, rule.flags);
      } catch (error) {
        throw new InvalidInputFilterError(rule.pattern, error);
      }
    });
    compiled.set(filter, patterns);
  }
  return patterns;
}

/**
 * Applies a declarative input filter (seed 000 §8.4): redactions, then the
 * truncation, then the prepended text (joined by a blank line). A filter that
 * yields nothing keeps the original input, as AI4J falls back to the original call.
 */
export function applyInputFilter(input: string, filter: InputFilter | null): string {
  if (filter === null) return input;
  const patterns = patternsOf(filter);
  let text = input;
  for (let i = 0; i < patterns.length; i++) {
    text = patterns[i].replace(text, filter.redact[i].replacement);
  }
  if (filter.truncateChars !== undefined && text.length > filter.truncateChars) {
    text = text.slice(0, filter.truncateChars);
  }
  if (filter.prepend !== undefined && filter.prepend !== "") {
    text = text === "" ? filter.prepend : `${filter.prepend}\n\n${text}`;
  }
  return text.trim() === "" ? input : text;
}
