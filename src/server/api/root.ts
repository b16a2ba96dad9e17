import { allowedHostsRouter } from "@/server/api/routers/allowed-hosts";
import { conversationsRouter } from "@/server/api/routers/conversations";
import { graphsRouter } from "@/server/api/routers/graphs";
import { healthRouter } from "@/server/api/routers/health";
import { invitationsRouter } from "@/server/api/routers/invitations";
import { membersRouter } from "@/server/api/routers/members";
import { pricesRouter } from "@/server/api/routers/prices";
import { providersRouter } from "@/server/api/routers/providers";
import { httpToolsRouter } from "@/server/api/routers/http-tools";
import { mcpServersRouter } from "@/server/api/routers/mcp-servers";
import { runsRouter } from "@/server/api/routers/runs";
import { secretsRouter } from "@/server/api/routers/secrets";
import { toolsRouter } from "@/server/api/routers/tools";
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
  members: membersRouter,
  invitations: invitationsRouter,
  providers: providersRouter,
  prices: pricesRouter,
  tools: toolsRouter,
  httpTools: httpToolsRouter,
  secrets: secretsRouter,
  allowedHosts: allowedHostsRouter,
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
