/**
 * Turns a zod validation error on a procedure's input into the one-line
 * message a person reads: one sentence per problem, each starting with the
 * path of the offending value (`input.document.agents[0].name: …`).
 */
import type { z } from "zod";

import { describeZodIssue } from "@/core/graph/zod-diagnostics";

/** More problems than this are summarised: a toast is not a report. */
const MAX_LISTED_PROBLEMS = 10;

/** `input.document.agents[0].name`: indexes in brackets, keys after dots, odd keys quoted. */
export function formatInputPath(path: readonly PropertyKey[]): string {
  let text = "input";
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else if (typeof part === "string" && /^[A-Za-z_$][\w$]*$/.test(part)) text += `.${part}`;
    else text += `[${JSON.stringify(typeof part === "symbol" ? part.toString() : part)}]`;
  }
  return text;
}

function sentence(path: readonly PropertyKey[], explanation: string): string {
  const text = `${formatInputPath(path)}: ${explanation}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function explain(issue: z.core.$ZodIssue): string {
  // zod says "expected nonoptional" for a missing required key of type unknown.
  // (Issues carry no input by default, so the message is what tells.)
  if (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) return "required field is missing";
  return describeZodIssue(issue);
}

/** One sentence per issue (unknown keys: one per key), at most {@link MAX_LISTED_PROBLEMS}. */
export function zodErrorMessage(error: z.ZodError): string {
  const sentences = error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => sentence([...issue.path, key], "unknown field"))
      : [sentence(issue.path, explain(issue))],
  );
  if (sentences.length === 0) return "The input is invalid.";
  const shown = sentences.slice(0, MAX_LISTED_PROBLEMS);
  const hidden = sentences.length - shown.length;
  return hidden > 0 ? `${shown.join(" ")} …and ${hidden} more problems.` : shown.join(" ");
}
