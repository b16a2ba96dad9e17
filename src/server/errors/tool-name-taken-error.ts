import { DomainError } from "./domain-error";

/** A catalog tool name is already used in the workspace (by another HTTP tool or another source's tool). */
export class ToolNameTakenError extends DomainError {
  override readonly name = "ToolNameTakenError";
  readonly kind = "conflict";
  readonly toolName: string;

  /**
   * `holder` says who has it, e.g. "another HTTP tool" or "MCP server docs-search";
   * `advice` what to do instead (by default: choose another name).
   */
  constructor(toolName: string, holder: string, advice = "Choose another name.") {
    super(
      `The tool name ${toolName} is already used by ${holder} in this workspace; tool names are unique across the catalog. ${advice}`,
    );
    this.toolName = toolName;
  }
}
