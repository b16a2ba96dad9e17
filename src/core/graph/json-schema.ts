import { z } from "zod";
import {
  modelChainSchema,
  modelRefSchema,
  scriptRuleSchema,
  scriptSchema,
  scriptTurnSchema,
} from "../models/model-ref";
import {
  agentNodeSchema,
  budgetsSchema,
  executionSchema,
  GRAPH_SCHEMA_VERSION,
  graphDocumentSchema,
  graphSettingsSchema,
  handoffEdgeSchema,
  handoffPolicySchema,
  inputFilterSchema,
  modelParamsSchema,
  toolRefSchema,
} from "./schema";

/** Where the generated schema is committed (relative to the repository root). */
export const GRAPH_JSON_SCHEMA_PATH = "docs/graph-format.schema.json";

/**
 * The metadata zod reads while converting: every schema's own metadata
 * (descriptions from `.describe()`), plus an `id` for the named parts so they
 * become readable `$defs` (Agent, Handoff, ModelRef…). A view over the global
 * registry, so nothing global is changed.
 */
function metadataWithNames(): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const named = new Map<unknown, string>([
    [agentNodeSchema, "Agent"],
    [handoffEdgeSchema, "Handoff"],
    [executionSchema, "Execution"],
    [handoffPolicySchema, "HandoffPolicy"],
    [inputFilterSchema, "InputFilter"],
    [modelParamsSchema, "ModelParams"],
    [graphSettingsSchema, "Settings"],
    [budgetsSchema, "Budgets"],
    [toolRefSchema, "ToolRef"],
    [modelChainSchema, "ModelChain"],
    [modelRefSchema, "ModelRef"],
    [scriptSchema, "Script"],
    [scriptTurnSchema, "ScriptTurn"],
    [scriptRuleSchema, "ScriptRule"],
  ]);
  const view = Object.create(z.globalRegistry) as z.core.$ZodRegistry<z.core.GlobalMeta>;
  view.get = (schema) => {
    const meta = z.globalRegistry.get(schema);
    const id = named.get(schema);
    return id === undefined ? meta : { ...meta, id };
  };
  return view;
}

/**
 * The JSON Schema (draft 2020-12) of the graph document, generated from the
 * zod schema. It describes documents as people write them: fields with a
 * default are optional. Editors can use it for completion and checking; the
 * compiler stays the authority (it also checks the graph rules a JSON Schema
 * cannot express, such as cycles and tool-name collisions).
 */
export function graphDocumentJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(graphDocumentSchema, {
    io: "input",
    target: "draft-2020-12",
    unrepresentable: "any",
    metadata: metadataWithNames(),
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return {
    $schema,
    title: `Agent Graph Studio graph document (schemaVersion ${GRAPH_SCHEMA_VERSION})`,
    description:
      "Generated from src/core/graph/schema.ts by `npm run schema:json`; do not edit by hand. See docs/graph-format.md.",
    ...rest,
  };
}

/** The committed file's exact text: 2-space JSON with a final newline. */
export function graphDocumentJsonSchemaText(): string {
  return `${JSON.stringify(graphDocumentJsonSchema(), null, 2)}\n`;
}
