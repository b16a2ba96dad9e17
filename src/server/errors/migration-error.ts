/**
 * A migration could not be applied or generated. `migrationName` names the
 * migration folder when one is known, so the person can open that file.
 */
export class MigrationError extends Error {
  override readonly name = "MigrationError";
  readonly migrationName: string | undefined;

  constructor(message: string, options: { migrationName?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.migrationName = options.migrationName;
  }
}
