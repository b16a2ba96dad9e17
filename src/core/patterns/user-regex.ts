import { RE2JS, RE2JSSyntaxException } from "re2js";

/**
 * Regular expressions that users (redact rules, scripted-model rules) or
 * models (`grep_files`) supply. They run on RE2 (the pure-JS `re2js` port),
 * whose matching time is linear in the input: a pattern like `(a+)+$` that
 * makes a backtracking engine spin forever on `aaaa…b` costs microseconds
 * here, so no pattern can block the event loop. The price is RE2 syntax: no
 * backreferences (`\1`) and no lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`).
 * JavaScript spellings RE2 lacks (`(?<name>…)`, `\u00e9`, `\u{1F600}`) are
 * translated first, so most JavaScript patterns work unchanged.
 */
export interface UserRegex {
  /** The pattern as written. */
  readonly source: string;
  /** The flags as written (JavaScript letters). */
  readonly flags: string;
  /** True when the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /**
   * Replaces every match (flag `g`) or the first one, expanding `$&`, `$1`,
   * `$<name>` and `$$` like `String.prototype.replace`.
   */
  replace(text: string, replacement: string): string;
}

/** A user- or model-supplied pattern RE2 cannot compile; the message names the pattern and the problem. */
export class InvalidPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly flags: string,
    /** What is wrong, in a few words (e.g. "missing closing ]"). */
    readonly problem: string,
  ) {
    super(`invalid regular expression ${formatPattern(pattern, flags)}: ${problem}`);
    this.name = "InvalidPatternError";
  }
}

/** JavaScript flag letters the patterns accept; `g` and `u` change nothing for matching (RE2 is Unicode-aware). */
const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  g: 0,
  u: 0,
};

/** Compiles a pattern on RE2; throws `InvalidPatternError` for bad syntax, unsupported syntax or an unknown flag. */
export function compileUserRegex(pattern: string, flags = ""): UserRegex {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAG_BITS[flag];
    if (bit === undefined) throw new InvalidPatternError(pattern, flags, `unknown flag "${flag}"`);
    bits |= bit;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), bits);
  } catch (error) {
    throw new InvalidPatternError(pattern, flags, describe(pattern, error));
  }
  const global = flags.includes("g");
  return {
    source: pattern,
    flags,
    test: (text) => re.test(text),
    replace: (text, replacement) =>
      global ? re.matcher(text).replaceAll(replacement) : re.matcher(text).replaceFirst(replacement),
  };
}

/** Null when `compileUserRegex(pattern, flags)` would succeed, else the error's message. */
export function userRegexProblem(pattern: string, flags = ""): string | null {
  try {
    compileUserRegex(pattern, flags);
    return null;
  } catch (error) {
    if (error instanceof InvalidPatternError) return error.message;
    throw error;
  }
}

function describe(pattern: string, error: unknown): string {
  if (!(error instanceof RE2JSSyntaxException)) return error instanceof Error ? error.message : String(error);
  // RE2JS prefixes flags as `(?i)` etc.; the author never wrote those, so leave them out of the excerpt.
  const near = error.getPattern()?.replace(/^(?:\(\?[ims]\))+/, "");
  const problem = near && near !== pattern ? `${error.getDescription()} at \`${near}\`` : error.getDescription();
  // RE2 words these as generic syntax errors; say what the author most likely meant to use.
  if (/\(\?<?[=!]/.test(pattern)) return `${problem} (lookaround such as (?=…) or (?<!…) is not supported)`;
  if (/\\[1-9]/.test(pattern)) return `${problem} (backreferences such as \\1 are not supported)`;
  return problem;
}

function formatPattern(pattern: string, flags: string): string {
  return `/${pattern}/${flags}`;
}
