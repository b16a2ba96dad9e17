import { z } from "zod";
import type { RuntimeDefinition } from "@/core/compiler";
import { budgetsSchema } from "@/core/graph/schema";

/**
 * The `runs.options` column as the worker reads it: what `runs.start`
 * validated (force sync, budget overrides). Unknown fields are ignored, so
 * an option added later does not break an older worker.
 */
export const storedRunOptionsSchema = z.object({
  forceSync: z.boolean().optional(),
  forceSyncTimeoutSeconds: z.number().optional(),
  budgets: budgetsSchema.partial().optional(),
});

export type StoredRunOptions = z.infer<typeof storedRunOptionsSchema>;

/** The definition with the run's budget overrides applied over the graph's own budgets. */
export function withBudgetOverrides(definition: RuntimeDefinition, options: StoredRunOptions): RuntimeDefinition {
  const overrides = options.budgets;
  if (!overrides || Object.keys(overrides).length === 0) return definition;
  return {
    ...definition,
    settings: { ...definition.settings, budgets: { ...definition.settings.budgets, ...overrides } },
  };
}
