/**
 * An MCP tool result as the text a model reads: text parts as they are,
 * other parts (images, audio, resources) described in a line each, and
 * structured content as JSON when the server sent no parts.
 */

/** Longest result text handed to a model; the rest is cut with a note. */
export const MAX_MCP_RESULT_CHARS = 200_000;

interface ContentPart {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** One content part in words. */
function partText(part: ContentPart): string {
  switch (part.type) {
    case "text":
      return part.text ?? "";
    case "image":
    case "audio":
      return `[${part.type} ${part.mimeType ?? "of unknown type"}, ${Math.floor(((part.data?.length ?? 0) * 3) / 4)} bytes]`;
    case "resource_link":
      return `[resource link ${part.uri ?? ""}${part.name ? ` (${part.name})` : ""}]`;
    case "resource": {
      const resource = part.resource ?? {};
      if (typeof resource.text === "string") return resource.text;
      return `[resource ${resource.uri ?? ""}${resource.mimeType ? ` (${resource.mimeType})` : ""}, binary]`;
    }
    default:
      return `[${part.type} content]`;
  }
}

/** What a `tools/call` answer carries (new and old protocol versions). */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  /** Protocol 2024-10-07 results. */
  toolResult?: unknown;
}

/** The result's text and whether the tool reported an error. */
export function mcpResultText(result: McpCallResult): { text: string; isError: boolean } {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]) : [];
  let text: string;
  if (parts.length > 0) text = parts.map(partText).join("\n");
  else if (result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  else if (result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  else text = "";
  if (text.length > MAX_MCP_RESULT_CHARS) {
    text = `${text.slice(0, MAX_MCP_RESULT_CHARS)}\n[… cut: the result was ${text.length.toLocaleString("en-US")} characters, the limit is ${MAX_MCP_RESULT_CHARS.toLocaleString("en-US")}]`;
  }
  return { text, isError: result.isError === true };
}
