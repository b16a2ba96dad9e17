/** A run's configuration (time mode, default model chain…) does not validate; `issues` name each problem with its path. */
export class InvalidRunConfigError extends Error {
  override readonly name = "InvalidRunConfigError";
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`invalid run configuration: ${issues.join("; ")}`);
    this.issues = issues;
  }
}
