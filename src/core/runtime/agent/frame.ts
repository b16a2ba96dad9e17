import type { AgentDefinition, AgentRole } from "../../compiler/definition";
import type { ChatMessage } from "../../models/model-port";
import type { ModelChain } from "../../models/model-ref";
import type { CancelScope, CancelToken } from "../../shared/cancel-scope";
import type { Span } from "../span";
import type { TaskMailbox } from "../tasks/task-mailbox";
import type { VisibleTools } from "./visible-tools";

/**
 * One running agent session: its place in the tree (path, depth, spans), its
 * transcript and its children. Depth lives here, per branch — the equivalent of
 * AI4J's ThreadLocal HandoffContext — so parallel and nested handoffs each see
 * their own depth.
 */
export interface AgentFrame {
  readonly agent: AgentDefinition;
  /** `lead`, `lead/researcher`, … (agent ids joined by `/`). */
  readonly path: string;
  /** null for the root, else `path`. */
  readonly source: string | null;
  readonly depth: number;
  readonly role: AgentRole;
  readonly sessionId: string;
  /** This session's AGENT span: the scope of its model calls, tool calls and announces. */
  readonly span: Span<"AGENT">;
  readonly workspaceId: string;
  readonly modelChain: ModelChain;
  readonly tools: VisibleTools;
  /**
   * This agent's cancellation: the token it was started with (the run's, or
   * its handoff job's / attempt's, each owned by one agent at a time), used
   * as is — nothing aborts an agent except its owner. Descendants link to it.
   * A read-only token, so nothing here can start aborting it by accident.
   */
  readonly cancel: CancelToken;
  /** Stops this agent's model calls: cancellation or a run-wide budget stop (tools are not stopped by budgets). */
  readonly modelCancel: CancelToken;
  /** The scope behind `modelCancel` when the agent owns one (with budgets): disposed when the agent ends. */
  readonly ownModelScope: CancelScope | null;
  /** USD per token of the first chain entry, for budget reservations. */
  readonly prices: { input: number; output: number };
  /** The transcript sent to the model; `messages[0]` is the system prompt when `hasSystem`. */
  readonly messages: ChatMessage[];
  readonly hasSystem: boolean;
  /** The span of this session's latest model call and how many messages it was given (MODEL_CALL_START records only what follows). */
  promptSpanId: string | null;
  promptCount: number;
  /** Background tasks this session started, and its inbox of finished ones. */
  readonly mailbox: TaskMailbox;
  /** Children admitted and not yet settled (sync in flight + running tasks). */
  activeChildren: number;
  /** Model calls made by this session. */
  steps: number;
  /** The latest assistant text (the partial result when stopped early). */
  lastText: string | null;
  readonly startedAt: number;
}
