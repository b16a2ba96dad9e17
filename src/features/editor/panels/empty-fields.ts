/**
 * Optional fields a person can empty (a budget, a sampling parameter, an
 * edge's tool name) keep "" in the form while they are empty: react-hook-form
 * refills a field whose value is `undefined` from its defaults when it
 * re-registers, which would undo the clearing. Just before the core schema
 * validates, "" at those paths becomes `undefined` (the field is unset).
 */
const optionalPaths = new WeakMap<object, Set<string>>();

/** Marks `path` of `form` as optional: empty text there means "unset". */
export function markOptional(form: object, path: string): void {
  let paths = optionalPaths.get(form);
  if (!paths) {
    paths = new Set();
    optionalPaths.set(form, paths);
  }
  paths.add(path);
}

/** The optional paths marked for `form`. */
export function optionalPathsOf(form: object): ReadonlySet<string> {
  return optionalPaths.get(form) ?? new Set();
}

/** A copy of `values` with blank strings at `paths` (dot paths, e.g. `budgets.maxSteps`, `redact.0.flags`) unset. */
export function unsetBlank<T>(values: T, paths: ReadonlySet<string>): T {
  if (paths.size === 0) return values;
  const copy = structuredClone(values) as unknown;
  for (const path of paths) {
    const keys = path.split(".");
    let parent: unknown = copy;
    for (const key of keys.slice(0, -1)) {
      parent = parent !== null && typeof parent === "object" ? (parent as Record<string, unknown>)[key] : undefined;
    }
    if (parent === null || typeof parent !== "object") continue;
    const last = keys[keys.length - 1];
    const value = (parent as Record<string, unknown>)[last];
    if (typeof value === "string" && value.trim() === "") delete (parent as Record<string, unknown>)[last];
  }
  return copy as T;
}
