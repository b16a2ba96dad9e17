import { describe, expect, it } from "vitest";

import { countAgents } from "./graph-summaries";

describe("countAgents", () => {
  it("counts the agents of a graph document", () => {
    expect(countAgents({ schemaVersion: 1, agents: [{ id: "main" }, { id: "helper" }] })).toBe(2);
  });

  it("counts 0 for drafts that are not graph documents", () => {
    expect(countAgents(null)).toBe(0);
    expect(countAgents("graph")).toBe(0);
    expect(countAgents({ agents: "main" })).toBe(0);
    expect(countAgents({})).toBe(0);
  });
});
