/**
 * tRPC server setup: the request context, the tRPC instance and the
 * procedure builders every router uses.
 *
 * Layout follows create-t3-app: `trpc.ts` (this file) → `root.ts` (the app
 * router) → `routers/*` (one router per area).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";

import { databaseErrorMessage, isPrismaError } from "@/server/api/database-error-message";
import { zodErrorMessage } from "@/server/api/validation-message";
import { getPrisma } from "@/server/db/client";
import { DEFAULT_WORKSPACE } from "@/server/db/defaults";
import type { Diagnostic } from "@/core/diagnostics/diagnostic-schema";
import { DomainError } from "@/server/errors/domain-error";
import { GraphCompileError } from "@/server/errors/graph-compile-error";
import { GraphRevisionConflictError } from "@/server/errors/graph-revision-conflict-error";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import type { RunEventHub } from "@/server/runs/live/run-event-hub";

/** The app's Prisma client, as returned by the db module. */
export type Database = ReturnType<typeof getPrisma>;

/** What every procedure receives as `ctx`. */
export interface TRPCContext {
  /** Request headers (empty for server-side calls without a request). */
  headers: Headers;
  /**
   * Returns the Prisma client, creating it on first use. A function rather
   * than a value so procedures that never touch the database (e.g.
   * `graphs.compile`) work without DATABASE_URL, and so spreading `ctx` in a
   * middleware cannot connect by accident.
   */
  getDb: () => Database;
  /**
   * The live run event hub (one LISTEN connection per process). Default:
   * the process's hub on DATABASE_URL; tests pass their own.
   */
  getRunEvents?: () => RunEventHub;
}

/** Builds the context for one HTTP request or server-side call. */
export function createTRPCContext(opts: { headers: Headers }): TRPCContext {
  return { headers: opts.headers, getDb: getPrisma };
}

/**
 * The `message` a client shows. Prisma's and zod's multi-line developer
 * texts (zod's is raw JSON) become sentences a person can act on.
 */
function readableMessage(error: TRPCError, fallback: string): string {
  const cause: unknown = error.cause;
  if (isPrismaError(cause)) return `Database error: ${databaseErrorMessage(cause)}`;
  if (error.code === "BAD_REQUEST" && cause instanceof ZodError) return zodErrorMessage(cause);
  return fallback;
}

/** The diagnostics behind an error (compile errors, an invalid document), or null. */
function errorDiagnostics(cause: unknown): Diagnostic[] | null {
  if (cause instanceof GraphCompileError || cause instanceof InvalidInputError) return cause.diagnostics;
  return null;
}

const t = initTRPC.context<TRPCContext>().create({
  sse: {
    // Comments every 10 s keep an idle live stream (a run waiting on a slow model) open through
    // proxies; the client reconnects, resuming from its last event id, after 30 s of silence.
    ping: { enabled: true, intervalMs: 10_000 },
    client: { reconnectAfterInactivityMs: 30_000 },
  },
  errorFormatter({ shape, error }) {
    const cause: unknown = error.cause;
    return {
      ...shape,
      message: readableMessage(error, shape.message),
      data: {
        ...shape.data,
        // Field-level messages for forms; `null` when the error is not a
        // validation error.
        zodError: error.code === "BAD_REQUEST" && cause instanceof ZodError ? z.flattenError(cause) : null,
        // On a CONFLICT from a stale draft save: the revision the graph is at now.
        currentRevision: cause instanceof GraphRevisionConflictError ? cause.actualRevision : null,
        // The parser's or compiler's findings (with paths and node/edge ids) when they are the reason.
        diagnostics: errorDiagnostics(cause),
      },
    };
  },
});

/** Builds a router from procedures and sub-routers. */
export const createTRPCRouter = t.router;

/** Creates a server-side caller factory for a router (tests, RSC). */
export const createCallerFactory = t.createCallerFactory;

/** Transport code for each kind of domain error services throw. */
const DOMAIN_ERROR_CODES = {
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  invalid_input: "BAD_REQUEST",
  unprocessable: "UNPROCESSABLE_CONTENT",
  too_many_requests: "TOO_MANY_REQUESTS",
} as const satisfies Record<DomainError["kind"], TRPCError["code"]>;

/**
 * Services throw domain errors; this is the one place they become tRPC
 * errors, keeping their message (written for people) and the original error
 * as `cause`.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: DOMAIN_ERROR_CODES[cause.kind], message: cause.message, cause });
  }
  return result;
});

/** A procedure anyone may call; no session or workspace check yet. */
export const publicProcedure = t.procedure.use(domainErrors);

/**
 * A procedure acting on a workspace, available as `ctx.workspace`. Until
 * sign-in exists that is the default workspace of the local install; later
 * this is where the caller's membership is checked.
 */
export const workspaceProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const workspace = await new WorkspaceRepository(ctx.getDb()).findWorkspaceBySlug(DEFAULT_WORKSPACE.slug);
  if (!workspace) {
    throw new TRPCError({
      code: "PRECONDITION_FAILED",
      message: `The "${DEFAULT_WORKSPACE.slug}" workspace does not exist yet. Start the app with \`npm start\`, which creates it.`,
    });
  }
  return next({ ctx: { workspace } });
});
