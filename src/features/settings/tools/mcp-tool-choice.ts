/**
 * How the MCP server card shows one listed tool in its checklist, and what
 * it says after a refresh turned enabled tools off: pure, so it is tested
 * without a browser.
 */

/** A listed tool as the card gets it (`mcpServers.list`). */
export interface McpToolChoiceInput {
  name: string;
  unusableReason: string | null;
}

/** One checklist row: a tool agents cannot use is unticked, cannot be ticked, and says why in words. */
export interface McpToolChoice {
  checked: boolean;
  disabled: boolean;
  /** The visible reason the checkbox is described by; null when the tool can be chosen. */
  reason: string | null;
}

/** The row of `tool` given the names currently enabled. */
export function mcpToolChoice(tool: McpToolChoiceInput, enabledTools: readonly string[]): McpToolChoice {
  if (tool.unusableReason !== null) {
    return {
      checked: false,
      disabled: true,
      reason: `Not selectable — agents cannot be given it: ${tool.unusableReason}.`,
    };
  }
  return { checked: enabledTools.includes(tool.name), disabled: false, reason: null };
}

/** The warning after a refresh that turned enabled tools off, or null when it turned none off. */
export function turnedOffMessage(
  server: string,
  turnedOff: readonly { name: string; reason: string }[],
): string | null {
  if (turnedOff.length === 0) return null;
  const each = turnedOff.map((tool) => `${tool.name} (${tool.reason})`).join("; ");
  return `“${server}”: ${turnedOff.length === 1 ? "this tool is" : "these tools are"} no longer enabled for agents: ${each}.`;
}
