import { conversationsRouter } from "@/server/api/routers/conversations";
import { graphsRouter } from "@/server/api/routers/graphs";
import { healthRouter } from "@/server/api/routers/health";
import { mcpServersRouter } from "@/server/api/routers/mcp-servers";
import { runsRouter } from "@/server/api/routers/runs";
import { versionsRouter } from "@/server/api/routers/versions";
import { workspacesRouter } from "@/server/api/routers/workspaces";
import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";

/** The app's API: one sub-router per area. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  graphs: graphsRouter,
  versions: versionsRouter,
  runs: runsRouter,
  conversations: conversationsRouter,
  workspaces: workspacesRouter,
  mcpServers: mcpServersRouter,
});

/** The API's type, for the client: never import the router itself there. */
export type AppRouter = typeof appRouter;

/**
 * Calls procedures in-process, without HTTP (server components, tests).
 *
 * @example
 * const api = createCaller(createTRPCContext({ headers: new Headers() }));
 * await api.health.ping();
 */
export const createCaller = createCallerFactory(appRouter);
