/**
 * The embedded PostgreSQL server failed to initialise, start or stop.
 * `log` holds the server's last output lines, which usually say why.
 */
export class EmbeddedPostgresError extends Error {
  override readonly name = "EmbeddedPostgresError";
  readonly dataDir: string;
  readonly log: string;

  constructor(message: string, dataDir: string, log: string, cause?: unknown) {
    super(log ? `${message}\n--- PostgreSQL output ---\n${log}` : message, { cause });
    this.dataDir = dataDir;
    this.log = log;
  }
}
