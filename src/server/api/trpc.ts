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
import { getAuth } from "@/server/auth/auth";
import { sessionUser } from "@/server/auth/session-user";
import { getPrisma } from "@/server/db/client";
import type { Diagnostic } from "@/core/diagnostics/diagnostic-schema";
import { DomainError } from "@/server/errors/domain-error";
import { GraphCompileError } from "@/server/errors/graph-compile-error";
import { GraphRevisionConflictError } from "@/server/errors/graph-revision-conflict-error";
import { InvalidInputError } from "@/server/errors/invalid-input-error";
import { WorkspaceRepository } from "@/server/repositories/workspace-repository";
import {
  hasRole,
  pickMembership,
  roleRefusal,
  type ProcedureMeta,
  type SessionUser,
  type WorkspaceRole,
} from "@/server/api/access";
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
  /**
   * The signed-in user of this request, or null. A function so procedures
   * that need no user never look up a session.
   */
  getUser: () => Promise<SessionUser | null>;
}

/** The user of a request: the one its better-auth session cookie belongs to, or null (signed out). */
function requestUser(headers: Headers): Promise<SessionUser | null> {
  return sessionUser(getAuth(), headers);
}

/** Builds the context for one HTTP request or server-side call. */
export function createTRPCContext(opts: { headers: Headers }): TRPCContext {
  let user: Promise<SessionUser | null> | undefined;
  return { headers: opts.headers, getDb: getPrisma, getUser: () => (user ??= requestUser(opts.headers)) };
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

const t = initTRPC
  .context<TRPCContext>()
  .meta<ProcedureMeta>()
  .create({
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

/**
 * Refuses a procedure that declares no access rule (one built from
 * `t.procedure` directly): every procedure says who may call it.
 */
const declaredAccess = t.middleware(({ meta, path, next }) => {
  if (!meta?.access) {
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: `Procedure ${path} declares no access rule.` });
  }
  return next();
});

/** A procedure anyone may call, signed in or not (health). */
export const publicProcedure = t.procedure.use(domainErrors).meta({ access: "public" }).use(declaredAccess);

/** A procedure for any signed-in user, outside a workspace (their workspaces, accepting an invite). */
export const userProcedure = t.procedure
  .use(domainErrors)
  .meta({ access: "user" })
  .use(declaredAccess)
  .use(async ({ ctx, next }) => {
    const user = await ctx.getUser();
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
    return next({ ctx: { user } });
  });

/**
 * A procedure acting on the caller's workspace, open to members with at
 * least `role` (viewer < editor < owner). The workspace is the one the
 * request selects (`x-ags-workspace` header or `ags_workspace` cookie,
 * see `pickMembership` in access.ts), else the caller's oldest membership. `ctx.workspace`,
 * `ctx.user` and `ctx.role` are set; every query must stay inside
 * `ctx.workspace.id`.
 */
export function workspaceProcedure(role: WorkspaceRole) {
  return userProcedure.meta({ access: role }).use(async ({ ctx, next }) => {
    const repository = new WorkspaceRepository(ctx.getDb());
    const memberships = await repository.listForUser(ctx.user.id);
    const { membership, requested } = pickMembership(memberships, ctx.headers);
    if (!membership) {
      throw new TRPCError({
        code: "FORBIDDEN",
        message: requested
          ? "You are not a member of this workspace."
          : "You are not a member of any workspace yet. Create one or ask an owner for an invite.",
      });
    }
    const { role: memberRole, ...workspace } = membership;
    if (!hasRole(memberRole, role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: roleRefusal(workspace.name, memberRole, role) });
    }
    return next({ ctx: { workspace, role: memberRole } });
  });
}
