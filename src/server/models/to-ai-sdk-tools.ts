import { jsonSchema, type JSONSchema7, type ToolSet, tool } from "ai";
import type { ModelToolSpec } from "@/core/models/model-port";

const cache = new WeakMap<readonly ModelToolSpec[], ToolSet>();

/**
 * Our tool specs as AI SDK tools: JSON Schema parameters, no `execute`, so
 * the SDK only reports the model's tool calls and our runtime runs them
 * (permissions, handoffs and tracing stay ours). Cached per specs array.
 */
export function toAiSdkTools(specs: readonly ModelToolSpec[]): ToolSet | undefined {
  if (specs.length === 0) return undefined;
  const cached = cache.get(specs);
  if (cached) return cached;
  const tools: ToolSet = {};
  for (const spec of specs) {
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: jsonSchema(normalizeSchema(spec.parameters)),
    });
  }
  cache.set(specs, tools);
  return tools;
}

/** Providers require an object schema at the top; an empty `{}` means "no parameters". */
function normalizeSchema(parameters: Record<string, unknown>): JSONSchema7 {
  if (parameters && typeof parameters === "object" && parameters.type === "object") return parameters as JSONSchema7;
  if (!parameters || Object.keys(parameters).length === 0) return { type: "object", properties: {} };
  return { ...(parameters as JSONSchema7), type: "object" };
}
