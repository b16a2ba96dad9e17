import type { z } from "zod";
import type { Diagnostic } from "../diagnostics/diagnostic-schema";
import { diagnostic } from "../diagnostics/diagnostics";
import { formatJsonPath, type JsonPath } from "./json-path";

/**
 * Turns zod issues into `schema_invalid` diagnostics a person can act on:
 * the path (`agents.2.maxSteps`), zod's explanation, one diagnostic per
 * unknown field (named), and the ids of the agent or edge the path is in so
 * the editor can focus it. All of them: `compile` caps every code's list
 * in one place (`capDiagnostics`), with an exact count of the rest.
 */
export function zodIssuesToDiagnostics(issues: readonly z.core.$ZodIssue[], input: unknown): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        result.push(
          schemaDiagnostic(
            [...issue.path, key],
            `unknown field ${JSON.stringify(key)} (check the spelling; fields are listed in docs/graph-format.md)`,
            input,
          ),
        );
    } else {
      result.push(schemaDiagnostic(issue.path, describeZodIssue(issue), input));
    }
  }
  return result;
}

function schemaDiagnostic(path: JsonPath, explanation: string, input: unknown): Diagnostic {
  const where = formatJsonPath(path);
  return diagnostic("schema_invalid", `${where}: ${explanation}`, { path: where, ...locate(path, input) });
}

/** zod's explanation of one issue, made readable (missing fields, union alternatives); no path. */
export function describeZodIssue(issue: z.core.$ZodIssue): string {
  if (
    issue.code === "invalid_type" &&
    (issue as { input?: unknown }).input === undefined &&
    issue.message.includes("received undefined")
  ) {
    return `required field is missing (expected ${issue.expected})`;
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // A plain union: say what each alternative wanted instead of zod's bare "Invalid input".
    const alternatives = issue.errors.map((errors) => errors[0]?.message).filter((m): m is string => Boolean(m));
    return `${issue.message}: ${[...new Set(alternatives)].join("; or ")}`;
  }
  return issue.message;
}

/** The agent or edge a path points into, so the editor can focus it. */
function locate(path: JsonPath, input: unknown): { nodeIds?: string[]; edgeIds?: string[] } {
  const [collection, index] = path;
  if (typeof index !== "number" || (collection !== "agents" && collection !== "handoffs")) return {};
  const items = (input as Record<string, unknown> | null)?.[collection];
  const item = Array.isArray(items) ? items[index] : undefined;
  const id = item !== null && typeof item === "object" ? (item as Record<string, unknown>).id : undefined;
  if (typeof id !== "string" || id === "") return {};
  return collection === "agents" ? { nodeIds: [id] } : { edgeIds: [id] };
}
