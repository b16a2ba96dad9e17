import { z } from "zod";

import { graphIdSchema } from "@/server/api/routers/inputs";
import { conversationIdSchema } from "@/server/api/routers/run-inputs";
import { runService } from "@/server/api/routers/runs";
import { createTRPCRouter, workspaceProcedure } from "@/server/api/trpc";

/** Conversations: the playground's threads, each the runs (turns) of one graph sharing sessions and files. */
export const conversationsRouter = createTRPCRouter({
  /** The graph's conversations, most recently active first. */
  list: workspaceProcedure("viewer")
    .input(
      z.strictObject({
        graphId: graphIdSchema,
        limit: z.number().int("must be a whole number").min(1, "at least 1").max(200, "at most 200").default(50),
      }),
    )
    .query(({ ctx, input }) => runService(ctx).conversations(input.graphId, input.limit)),

  /** One conversation with its runs, oldest first. */
  get: workspaceProcedure("viewer")
    .input(z.strictObject({ conversationId: conversationIdSchema }))
    .query(({ ctx, input }) => runService(ctx).conversation(input.conversationId)),
});
