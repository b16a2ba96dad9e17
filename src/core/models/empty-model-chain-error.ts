/**
 * Thrown when a model call is asked of an empty chain. The compiler fills
 * every agent's chain by the priority chain (SPEC §5.7) down to the
 * environment default, so this means no default model is configured either.
 */
export class EmptyModelChainError extends Error {
  readonly agentId: string | null;

  constructor(options: { agentId?: string | null } = {}) {
    const who = options.agentId ? ` for agent "${options.agentId}"` : "";
    super(
      `no model configured${who}: the model chain is empty (set a model on the agent, a graph default, or the environment default)`,
    );
    this.name = "EmptyModelChainError";
    this.agentId = options.agentId ?? null;
  }
}
