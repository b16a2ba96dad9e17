// Serves @modelcontextprotocol/server-everything over streamable HTTP on
// 127.0.0.1 (its own launcher listens on every interface), on the port in
// argv[2] (0: a free one). Prints "listening <port>" once ready. Test use only.
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer } from "node:http";

import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer } from "@modelcontextprotocol/server-everything/dist/server/index.js";

const sessions = new Map();

const http = createHttpServer(async (req, res) => {
  try {
    if (!req.url?.startsWith("/mcp")) {
      res.writeHead(404).end("not found");
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (req.method !== "POST" || sessionId) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "no valid session" }, id: null }));
        return;
      }
      const { server, cleanup } = createServer();
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
        cleanup(transport.sessionId);
      };
      await server.connect(transport);
    }
    await transport.handleRequest(req, res);
  } catch (error) {
    if (!res.headersSent) res.writeHead(500).end(String(error));
  }
});

http.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${http.address().port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
