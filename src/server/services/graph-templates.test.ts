import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { compile } from "@/core/compiler";
import { blankDocument, listTemplates, TEMPLATE_IDS, templateDocument } from "./graph-templates";

const EXAMPLES_DIR = path.join(__dirname, "../../../examples");

describe("graph templates", () => {
  it("offers every example graph as a template", () => {
    const files = readdirSync(EXAMPLES_DIR)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.replace(/\.json$/, ""));
    expect([...TEMPLATE_IDS].sort()).toEqual(files.sort());
    expect(
      listTemplates()
        .map((t) => t.id)
        .sort(),
    ).toEqual(files.sort());
  });

  it("lists each template with its name, description and agent count", () => {
    const research = listTemplates().find((t) => t.id === "research-team");
    expect(research).toMatchObject({ name: "Research team", agentCount: 4 });
    expect(research?.description).not.toBe("");
  });

  it("hands out a copy, so a caller cannot change the template", () => {
    const first = templateDocument("research-team");
    first!.name = "changed";
    expect(templateDocument("research-team")?.name).toBe("Research team");
    expect(templateDocument("nope")).toBeUndefined();
  });

  it("makes a blank graph that compiles without errors or warnings", () => {
    const result = compile(blankDocument("Fresh"));
    expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(result.definition?.graphName).toBe("Fresh");
  });
});
