import type { z } from "zod";

/**
 * zod's issues as short sentences for a form field ("At least 1.",
 * "Enter a number."), without the path: the message sits under the field.
 * Passed to zodResolver as the schema's error map, so the rules stay the
 * core schema's own.
 */
export function fieldErrorMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "number") return "Enter a number.";
      if (issue.expected === "int") return "Enter a whole number.";
      if (issue.input === undefined) return "Required.";
      return undefined;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "Required." : `At least ${issue.minimum} characters.`;
      if (issue.origin === "array") return `At least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}.`;
      return issue.inclusive ? `At least ${issue.minimum}.` : `Must be more than ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string") return `At most ${issue.maximum} characters.`;
      if (issue.origin === "array") return `At most ${issue.maximum} items.`;
      return issue.inclusive ? `At most ${issue.maximum}.` : `Must be less than ${issue.maximum}.`;
    case "invalid_format":
      return issue.format === "url" ? "Enter a full URL, e.g. http://localhost:11434/v1." : undefined;
    default:
      return undefined;
  }
}
