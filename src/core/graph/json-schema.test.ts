import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GRAPH_JSON_SCHEMA_PATH, graphDocumentJsonSchema, graphDocumentJsonSchemaText } from "./json-schema";
import { agentNodeSchema, graphDocumentSchema, handoffEdgeSchema } from "./schema";

describe("graph document JSON Schema", () => {
  it(`${GRAPH_JSON_SCHEMA_PATH} is up to date with the zod schema`, () => {
    const committed = readFileSync(join(process.cwd(), GRAPH_JSON_SCHEMA_PATH), "utf8");
    // On failure: the zod schema changed; run `npm run schema:json` and commit the file.
    expect(
      committed === graphDocumentJsonSchemaText(),
      `${GRAPH_JSON_SCHEMA_PATH} is out of date: run \`npm run schema:json\` and commit the result`,
    ).toBe(true);
  });

  it("describes every field, with named definitions and the documents' required fields", () => {
    const schema = graphDocumentJsonSchema() as {
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: boolean;
      $defs: Record<string, { properties: Record<string, unknown>; required?: string[] }>;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(graphDocumentSchema.shape).sort());
    expect(schema.required.sort()).toEqual(["agents", "name", "rootAgentId", "schemaVersion"]);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.$defs.Agent.properties).sort()).toEqual(Object.keys(agentNodeSchema.shape).sort());
    expect(schema.$defs.Agent.required?.sort()).toEqual(["id", "name"]);
    expect(Object.keys(schema.$defs.Handoff.properties).sort()).toEqual(Object.keys(handoffEdgeSchema.shape).sort());
    expect(schema.$defs).toHaveProperty("Script");
    expect(JSON.stringify(schema.$defs.Agent.properties.description)).toContain("decide whether to delegate");
  });
});
