import { DomainError } from "./domain-error";

/**
 * A model called a catalog tool (HTTP or MCP) with arguments its JSON
 * schema refuses; the call was not made. The message — what the agent and
 * the trace read — names each path and problem (`arguments.count must be
 * <= 10`); `problems` holds them one by one.
 */
export class ToolArgumentsError extends DomainError {
  override readonly name = "ToolArgumentsError";
  readonly kind = "invalid_input";
  readonly toolName: string;
  readonly problems: string[];

  constructor(toolName: string, problems: string[], more = 0) {
    super(
      `${toolName} was not called: its arguments do not match its parameters schema: ${problems.join("; ")}${
        more > 0 ? `; and ${more} more problem${more === 1 ? "" : "s"}` : ""
      }. Call it again with arguments that match the schema.`,
    );
    this.toolName = toolName;
    this.problems = problems;
  }
}
