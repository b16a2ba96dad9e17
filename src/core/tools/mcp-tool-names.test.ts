import { describe, expect, it } from "vitest";

import { toolNameSchema } from "../graph/schema";
import { invalidSchemaReason, mcpCatalogToolName, mcpToolNamings, mcpToolUsability } from "./mcp-tool-names";

describe("mcpCatalogToolName", () => {
  it("joins the server and the tool with two underscores", () => {
    expect(mcpCatalogToolName("everything", "echo")).toBe("everything__echo");
    expect(mcpCatalogToolName("everything", "get-sum")).toBe("everything__get-sum");
  });

  it("writes characters models refuse as _ and gives a valid tool name", () => {
    const name = mcpCatalogToolName("docs", "search.pages/v2");
    expect(name).toBe("docs__search_pages_v2");
    expect(toolNameSchema.safeParse(name).success).toBe(true);
  });

  it("returns null beyond 64 characters", () => {
    expect(mcpCatalogToolName("s", "x".repeat(61))).toBe("s__" + "x".repeat(61));
    expect(mcpCatalogToolName("s", "x".repeat(62))).toBeNull();
  });
});

describe("mcpToolNamings", () => {
  it("marks a tool unusable when its catalog name collides or is too long, with the reason", () => {
    const namings = mcpToolNamings("docs", ["a.b", "a/b", "ok", "y".repeat(80)]);
    expect(namings.map((n) => n.catalogName)).toEqual(["docs__a_b", null, "docs__ok", null]);
    expect(namings[1]!.unusableReason).toContain("like the tool a.b");
    expect(namings[3]!.unusableReason).toContain("longer than 64 characters");
  });
});

describe("mcpToolUsability", () => {
  it("makes a tool whose input schema does not compile unusable, with the problem in words", () => {
    const usability = mcpToolUsability("docs", [
      { name: "ok", schemaProblem: null },
      { name: "broken", schemaProblem: "schema.properties.n.type must be equal to one of the allowed values" },
    ]);
    expect(usability[0]).toEqual({ tool: "ok", catalogName: "docs__ok", unusableReason: null });
    expect(usability[1]).toEqual({
      tool: "broken",
      catalogName: null,
      unusableReason: invalidSchemaReason("schema.properties.n.type must be equal to one of the allowed values"),
    });
    expect(usability[1]!.unusableReason).toMatch(
      /^its input schema is not a valid JSON schema \(schema\.properties\.n\.type must be equal to one of the allowed values\)/,
    );
  });

  it("reports a naming problem before a schema problem", () => {
    const [tool] = mcpToolUsability("docs", [{ name: "y".repeat(80), schemaProblem: "schema.type must be string" }]);
    expect(tool!.unusableReason).toContain("longer than 64 characters");
  });
});
