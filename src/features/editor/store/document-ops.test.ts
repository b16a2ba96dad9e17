import { describe, expect, it } from "vitest";

import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";

import {
  addChild,
  connect,
  copySelection,
  moveAgents,
  newAgent,
  pasteClipboard,
  reconnect,
  removeElements,
  slugId,
  uniqueId,
  uniqueName,
} from "./document-ops";

function doc(): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Team",
    rootAgentId: "lead",
    agents: [
      { id: "lead", name: "Lead", position: { x: 0, y: 0 } },
      { id: "web", name: "Web", position: { x: 0, y: 200 } },
      { id: "data", name: "Data", position: { x: 300, y: 200 } },
    ],
    handoffs: [
      { id: "lead-web", from: "lead", to: "web" },
      { id: "lead-data", from: "lead", to: "data" },
    ],
  });
}

describe("ids and names", () => {
  it("slugs names and avoids taken ids and names", () => {
    expect(slugId("Web researcher!")).toBe("web-researcher");
    expect(slugId("研究员")).toBe("agent");
    expect(uniqueId("web", new Set(["web", "web-2"]))).toBe("web-3");
    expect(uniqueName("Agent", new Set(["Agent", "Agent 2"]))).toBe("Agent 3");
    expect(uniqueName("Agent 2", new Set(["Agent 2"]))).toBe("Agent 3");
  });
});

describe("document edits", () => {
  it("adds an agent with defaults, a unique name and a schema-valid document", () => {
    const base = doc();
    const agent = newAgent(base, { x: 10.4, y: 20.6 }, { name: "Web" });
    expect(agent).toMatchObject({ id: "web-2", name: "Web 2", position: { x: 10, y: 21 }, maxSteps: 10 });
  });

  it("adds a child with its handoff, leaving the other agents untouched", () => {
    const base = doc();
    const { document, agent, edge } = addChild(base, "web", { x: 0, y: 400 });
    expect(edge).toMatchObject({ from: "web", to: agent.id, execution: { mode: "sync" } });
    expect(graphDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.agents[0]).toBe(base.agents[0]);
    expect(document.handoffs).toHaveLength(3);
  });

  it("connects and reconnects", () => {
    const { document, edge } = connect(doc(), "web", "data");
    expect(edge.id).toBe("web-to-data");
    const moved = reconnect(document, edge.id, "data", "web");
    expect(moved.handoffs.find((e) => e.id === edge.id)).toMatchObject({ from: "data", to: "web" });
  });

  it("removes agents with their edges but never the root", () => {
    const next = removeElements(doc(), ["web", "lead"], []);
    expect(next.agents.map((a) => a.id)).toEqual(["lead", "data"]);
    expect(next.handoffs.map((e) => e.id)).toEqual(["lead-data"]);
    const same = doc();
    expect(removeElements(same, ["lead"], [])).toBe(same);
  });

  it("moves agents and keeps unmoved ones identical", () => {
    const base = doc();
    const next = moveAgents(base, new Map([["web", { x: 5.2, y: 6.7 }]]));
    expect(next.agents[1]!.position).toEqual({ x: 5, y: 7 });
    expect(next.agents[0]).toBe(base.agents[0]);
  });

  it("copies agents with the edges among them and pastes them with new ids and names", () => {
    const base = doc();
    const clip = copySelection(base, new Set(["lead", "web"]))!;
    expect(clip.handoffs.map((e) => e.id)).toEqual(["lead-web"]);
    const pasted = pasteClipboard(base, clip, { x: 40, y: 40 });
    expect(pasted.agentIds).toEqual(["lead-2", "web-2"]);
    const added = pasted.document.agents.slice(3);
    expect(added.map((a) => a.name)).toEqual(["Lead 2", "Web 2"]);
    expect(added[1]!.position).toEqual({ x: 40, y: 240 });
    expect(pasted.document.handoffs.at(-1)).toMatchObject({ from: "lead-2", to: "web-2" });
    expect(graphDocumentSchema.safeParse(pasted.document).success).toBe(true);
  });
});
