/**
 * Runs one better-auth client call and turns a refusal into an
 * {@link AuthFailure} (with the rate limit's wait, read from the response).
 */
import type { AuthFailure } from "./auth-error-message";

interface ClientError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/** What a better-auth client call resolves to. */
interface ClientResult {
  error: ClientError | null;
}

/** Options better-auth's client passes to its fetch: we read the failed response's headers. */
export interface ErrorHook {
  onError: (context: { response: Response }) => void;
}

/** Calls `run` with an error hook; resolves to null on success, else what went wrong. */
export async function authRequest(run: (hook: ErrorHook) => Promise<ClientResult>): Promise<AuthFailure | null> {
  let retryAfterSeconds: number | null = null;
  try {
    const { error } = await run({
      onError: ({ response }) => {
        const header = Number(response.headers.get("X-Retry-After"));
        retryAfterSeconds = Number.isFinite(header) && header > 0 ? Math.ceil(header) : null;
      },
    });
    if (!error) return null;
    return { status: error.status, code: error.code, message: error.message, retryAfterSeconds };
  } catch (error) {
    return { status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}
