import { DomainError } from "./domain-error";

/** No conversation with this id in this workspace, or it belongs to another graph. */
export class ConversationNotFoundError extends DomainError {
  override readonly name = "ConversationNotFoundError";
  readonly kind = "not_found";
  readonly conversationId: string;
  readonly graphId: string | null;

  constructor(conversationId: string, workspaceId: string, graphId: string | null = null) {
    super(
      graphId === null
        ? `Conversation ${conversationId} does not exist in workspace ${workspaceId}.`
        : `Conversation ${conversationId} does not exist in workspace ${workspaceId} for graph ${graphId}: a conversation continues runs of one graph only.`,
    );
    this.conversationId = conversationId;
    this.graphId = graphId;
  }
}
