import type { InputFilter } from "../../graph/schema";

/** An input filter whose regular expression does not compile. */
export class InvalidInputFilterError extends Error {
  constructor(
    readonly pattern: string,
    cause: unknown,
  ) {
    super(`input filter has an invalid pattern: ${pattern}`, { cause });
    this.name = "InvalidInputFilterError";
  }
}

const compiled = new WeakMap<InputFilter, RegExp[]>();

function patternsOf(filter: InputFilter): RegExp[] {
  let patterns = compiled.get(filter);
  if (!patterns) {
    patterns = filter.redact.map((rule) => {
      try {
        return new RegExp(rule.pattern, rule.flags);
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
    text = text.replace(patterns[i], filter.redact[i].replacement);
  }
  if (filter.truncateChars !== undefined && text.length > filter.truncateChars) {
    text = text.slice(0, filter.truncateChars);
  }
  if (filter.prepend !== undefined && filter.prepend !== "") {
    text = text === "" ? filter.prepend : `${filter.prepend}\n\n${text}`;
  }
  return text.trim() === "" ? input : text;
}
