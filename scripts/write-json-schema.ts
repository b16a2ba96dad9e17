/**
 * `npm run schema:json`: writes docs/graph-format.schema.json, the JSON
 * Schema of the graph document generated from its zod schema. A unit test
 * (src/core/graph/json-schema.test.ts) fails when the committed file is stale.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { GRAPH_JSON_SCHEMA_PATH, graphDocumentJsonSchemaText } from "@/core/graph/json-schema";
import { runMain } from "./lib/run-main";

runMain(async () => {
  const target = path.resolve(import.meta.dirname, "..", GRAPH_JSON_SCHEMA_PATH);
  const text = graphDocumentJsonSchemaText();
  const current = await readFile(target, "utf8").catch(() => null);
  if (current === text) {
    console.log(`${GRAPH_JSON_SCHEMA_PATH} is up to date.`);
    return 0;
  }
  await writeFile(target, text);
  console.log(`Wrote ${GRAPH_JSON_SCHEMA_PATH}.`);
  return 0;
});
