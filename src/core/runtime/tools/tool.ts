import { z } from "zod";
import type { ModelToolSpec } from "../../models/model-port";
import type { Clock, FileWorkspace, ToolRunContext } from "../ports";

/** What a built-in tool may use besides the call's context. */
export interface BuiltinToolContext extends ToolRunContext {
  files: FileWorkspace;
  clock: Clock;
}

/** A tool the runtime implements itself: a zod schema for its arguments, a spec, and `execute`. */
export interface BuiltinTool<Args = unknown> {
  readonly name: string;
  readonly spec: ModelToolSpec;
  readonly schema: z.ZodType<Args>;
  execute(args: Args, context: BuiltinToolContext): Promise<string> | string;
}

/** A tool's arguments or state are wrong in a way the model can fix; the message becomes the tool result. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolInputError";
  }
}

/** Builds a built-in tool, deriving the JSON Schema offered to models from the zod schema once. */
export function defineBuiltinTool<Schema extends z.ZodType>(definition: {
  name: string;
  description: string;
  schema: Schema;
  execute(args: z.output<Schema>, context: BuiltinToolContext): Promise<string> | string;
}): BuiltinTool<z.output<Schema>> {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(definition.schema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return {
    name: definition.name,
    spec: { name: definition.name, description: definition.description, parameters },
    schema: definition.schema as unknown as z.ZodType<z.output<Schema>>,
    execute: definition.execute,
  };
}

/** Parses a model's raw argument text; null when it is not a JSON object (empty text counts as `{}`). */
export function parseToolArguments(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (raw.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** One line per zod issue, e.g. `path: expected string, received undefined`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
