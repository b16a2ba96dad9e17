import type { AgentDefinition, AgentRole } from "../../compiler/definition";
import type { ChatMessage } from "../../models/model-port";
import type { ModelChain } from "../../models/model-ref";
import type { TaskMailbox } from "../tasks/task-mailbox";
import type { LinkedController } from "../util/abort";
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
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly workspaceId: string;
  readonly modelChain: ModelChain;
  readonly tools: VisibleTools;
  /** Cancels this agent and, through linked signals, all its descendants. */
  readonly controller: LinkedController;
  /** Aborts this agent's model calls: cancellation or a run-wide budget stop (tools are not stopped by budgets). */
  readonly modelSignal: LinkedController;
  /** USD per token of the first chain entry, for budget reservations. */
  readonly prices: { input: number; output: number };
  /** The transcript sent to the model; `messages[0]` is the system prompt when `hasSystem`. */
  readonly messages: ChatMessage[];
  readonly hasSystem: boolean;
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
