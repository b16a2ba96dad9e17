/**
 * Deny-rule globs: `*` matches any run of characters (also none); every other
 * character matches itself, case-sensitively like tool names. There is no `?`
 * and no escaping (deny rules may only hold `[A-Za-z0-9_*-]`).
 *
 * Matched with the classic two-pointer wildcard algorithm instead of a regular
 * expression: a glob such as `a*a*a*a*a*a*a*a*b` turned into `^a.*a.*…b$`
 * makes a backtracking regex engine take exponential time (47 s on a
 * 64-character name), while this loop takes at most
 * `glob.length × text.length` steps, since on a mismatch it only ever resumes
 * from the most recent `*`.
 */
export function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  // Where the last `*` was seen, and the text position it currently stands for the end of.
  let star = -1;
  let starText = 0;
  while (t < text.length) {
    if (g < glob.length && glob.charCodeAt(g) !== STAR && glob.charCodeAt(g) === text.charCodeAt(t)) {
      g++;
      t++;
    } else if (g < glob.length && glob.charCodeAt(g) === STAR) {
      star = g++;
      starText = t;
    } else if (star >= 0) {
      // Let the last `*` swallow one more character and retry the rest of the glob from there.
      g = star + 1;
      t = ++starText;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob.charCodeAt(g) === STAR) g++;
  return g === glob.length;
}

const STAR = 42; // "*"

/**
 * A predicate for a list of deny rules: exact tool names, or globs where `*`
 * matches any run of characters (`write_*`, `*_files`, `*`).
 */
export function denyMatcher(rules: readonly string[]): (tool: string) => boolean {
  const exact = new Set(rules.filter((r) => !r.includes("*")));
  const globs = rules.filter((r) => r.includes("*"));
  return (tool) => exact.has(tool) || globs.some((glob) => globMatches(glob, tool));
}
