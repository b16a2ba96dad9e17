/**
 * The embedded PostgreSQL data directory is being served by another running
 * process (e.g. a second `npm start`); two servers must never share it.
 */
export class DataDirInUseError extends Error {
  override readonly name = "DataDirInUseError";
  readonly dataDir: string;
  readonly postgresPid: number;
  readonly ownerPid: number;

  constructor(dataDir: string, postgresPid: number, ownerPid: number) {
    super(
      `The database in ${dataDir} is already served by PostgreSQL (pid ${postgresPid}) started by process ${ownerPid}. ` +
        "Stop that process first, or use another AGS_DATA_DIR.",
    );
    this.dataDir = dataDir;
    this.postgresPid = postgresPid;
    this.ownerPid = ownerPid;
  }
}
