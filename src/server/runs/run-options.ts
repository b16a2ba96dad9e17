/**
 * A run's options, in one place: what `runs.start` accepts and stores in
 * `runs.options`, and what a worker reads back from that column before it
 * runs the graph.
 */
import { z } from "zod";

import type { RuntimeDefinition } from "@/core/compiler";
import { budgetsSchema } from "@/core/graph/schema";

/**
 * The options of one run. `runs.start` refuses unknown fields (a typo must
 * not pass silently); budget overrides have the ranges of a graph's budgets.
 */
export const runOptionsSchema = z.strictObject({
  /** Run every handoff in the foreground (no background tasks). */
  forceSync: z.boolean({ error: "must be true or false" }).optional(),
  /** Overrides of the graph's budgets for this run only, key by key. */
  budgets: budgetsSchema.optional(),
});

export type RunOptions = z.infer<typeof runOptionsSchema>;

/**
 * The same schema as the worker reads the stored column: top-level fields it
 * does not know are dropped rather than refused, so an option added by a
 * newer web process does not stop an older worker from running the run.
 */
export const storedRunOptionsSchema = runOptionsSchema.strip();

/** The definition with the run's budget overrides applied over the graph's own budgets. */
export function withBudgetOverrides(definition: RuntimeDefinition, options: RunOptions): RuntimeDefinition {
  const overrides = options.budgets;
  if (!overrides || Object.keys(overrides).length === 0) return definition;
  return {
    ...definition,
    settings: { ...definition.settings, budgets: { ...definition.settings.budgets, ...overrides } },
  };
}
