import { z } from "zod";

export const diagnosticSeveritySchema = z.enum(["error", "warning", "info"]);

/** A finding of the parser or the compiler, located on a node, an edge or the document. */
export const diagnosticSchema = z.strictObject({
  /** Stable machine code, e.g. `duplicate_tool_name`. */
  code: z.string(),
  severity: diagnosticSeveritySchema,
  message: z.string(),
  nodeIds: z.array(z.string()),
  edgeIds: z.array(z.string()),
  /** JSON path into the document for schema errors, e.g. `agents.2.maxSteps`. */
  path: z.string().optional(),
});

export type Diagnostic = z.infer<typeof diagnosticSchema>;
export type DiagnosticSeverity = z.infer<typeof diagnosticSeveritySchema>;
