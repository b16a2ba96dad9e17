/**
 * Input schemas shared by the graphs and versions routers, with messages a
 * person can act on (they reach the client through `zodErrorMessage`).
 */
import { z } from "zod";

import { formatBytes } from "@/core/graph/json-text";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "@/core/graph/parse";

/** Graph ids are UUIDs; anything else is refused before the database sees it. */
export const graphIdSchema = z.uuid({
  error: "must be a graph id (a UUID like 0190c3e2-7f4a-7b1e-9d2c-3a4b5c6d7e8f); copy it from the graph's address",
});

/** A draft revision as `graphs.get` returned it. */
export const revisionSchema = z
  .number({ error: "must be the revision number you read (graphs.get returns it)" })
  .int("must be a whole number")
  .min(1, "revisions start at 1");

/** A version number (1, 2, 3, …). */
export const versionNumberSchema = z
  .number({ error: "must be a version number (versions.list returns them)" })
  .int("must be a whole number")
  .min(1, "version numbers start at 1");

/** A graph name, as the draft's `name` field allows it. */
export const graphNameSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "a graph needs a name")
  .max(200, "a graph name is at most 200 characters");

/** JSON text of a graph document; longer than the document limit can never be valid (UTF-8 bytes ≥ characters). */
export const documentTextSchema = z
  .string({ error: "must be the JSON text of a graph document" })
  .max(
    DEFAULT_MAX_DOCUMENT_BYTES,
    `the text is longer than the graph document limit of ${formatBytes(DEFAULT_MAX_DOCUMENT_BYTES)}`,
  );

/** A zip of Markdown specs, base64-encoded; its size is capped like a document's (base64 adds a third). */
export const zipBase64Schema = z
  .string({ error: "must be the zip file encoded as base64" })
  .max(
    Math.ceil((DEFAULT_MAX_DOCUMENT_BYTES * 4) / 3) + 4,
    `the zip is larger than the graph document limit of ${formatBytes(DEFAULT_MAX_DOCUMENT_BYTES)}`,
  )
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, "is not base64 text (expected the zip file's bytes encoded as base64)");

/** Where an import goes: a new graph (neither field) or a new revision of an existing draft (both). */
export const importTargetShape = {
  graphId: graphIdSchema.optional(),
  revision: revisionSchema.optional(),
};

/** Refuses half a target: an existing graph needs the revision the caller holds, and a revision needs a graph. */
export function checkImportTarget(input: { graphId?: string; revision?: number }, ctx: z.RefinementCtx): void {
  if (input.graphId !== undefined && input.revision === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["revision"],
      message: "importing into an existing graph needs the revision you hold (graphs.get returns it)",
    });
  if (input.graphId === undefined && input.revision !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["graphId"],
      message: "a revision was given without the graph it belongs to",
    });
}
