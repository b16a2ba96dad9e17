/**
 * A tiny stdio MCP server for e2e/mcp.spec.ts: it lists `good` (a valid
 * input schema) and `broken` (an input schema ajv cannot compile), raw
 * through the SDK's low-level Server.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "schemas", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "good",
      description: "A tool with a valid schema",
      inputSchema: { type: "object", properties: { n: { type: "number" } } },
    },
    {
      name: "broken",
      description: "A tool whose schema does not compile",
      inputSchema: { type: "object", properties: { n: { type: "nope" } } },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: "text", text: `called ${request.params.name}` }],
}));
await server.connect(new StdioServerTransport());
