/** `npm run db:diff -- <name>` got a name that cannot be a migration folder. */
export class InvalidMigrationNameError extends Error {
  override readonly name = "InvalidMigrationNameError";
  readonly migrationName: string;

  constructor(migrationName: string) {
    super(
      `Invalid migration name ${JSON.stringify(migrationName)}: use 1-80 letters, digits and underscores, starting with a letter (e.g. add_runs).`,
    );
    this.migrationName = migrationName;
  }
}
