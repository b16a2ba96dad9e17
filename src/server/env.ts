/**
 * The server's environment, validated once with zod. Everything is
 * optional with sensible defaults so `npm start` works with no setup.
 */
import { z } from "zod";

/** An unset or empty variable both mean "not given". */
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

const port = (fallback: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).default(fallback),
  );

const envSchema = z.object({
  /** PostgreSQL URL; unset means "use the embedded server" (scripts/start.ts sets it for the app). */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Port of the web server. */
  PORT: port(3000),
  /** Interface the web server binds to. */
  HOST: optionalText.transform((value) => value ?? "127.0.0.1"),
  /** Root for local data (the embedded database lives in `<AGS_DATA_DIR>/pg`); default `<repo>/.data`. */
  AGS_DATA_DIR: optionalText,
  /** Port of the embedded PostgreSQL. */
  AGS_PG_PORT: port(54329),
  /** Most runs one workspace may have queued or running at once; `runs.start` refuses past it. */
  AGS_MAX_CONCURRENT_RUNS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(100_000).default(20),
  ),
  NODE_ENV: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["development", "test", "production"]).default("development"),
  ),
});

/** The validated environment. */
export type ServerEnv = z.infer<typeof envSchema>;

/** A variable has a value the server cannot use. */
export class InvalidEnvError extends Error {
  override readonly name = "InvalidEnvError";
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid environment: ${issues.join("; ")}`);
    this.issues = issues;
  }
}

/** Parses `source` (default `process.env`); throws `InvalidEnvError` naming each bad variable. */
export function parseServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new InvalidEnvError(result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  return result.data;
}
