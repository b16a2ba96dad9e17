import type { SaveFailure } from "./autosave-controller";

interface ErrorShape {
  message?: unknown;
  data?: { code?: unknown; currentRevision?: unknown } | null;
}

/**
 * Reads a failed `graphs.updateDraft`: a CONFLICT carries the server's
 * current revision in `error.data.currentRevision` (tRPC error formatter);
 * anything else becomes a message for the save indicator.
 */
export function classifySaveError(error: unknown): SaveFailure {
  const shape = (typeof error === "object" && error !== null ? error : {}) as ErrorShape;
  const code = shape.data?.code;
  const currentRevision = shape.data?.currentRevision;
  if (code === "CONFLICT" && typeof currentRevision === "number") return { kind: "conflict", currentRevision };
  if (code === "CONFLICT") {
    const match = typeof shape.message === "string" ? /revision (\d+)/i.exec(shape.message) : null;
    if (match) return { kind: "conflict", currentRevision: Number(match[1]) };
  }
  const message = typeof shape.message === "string" && shape.message ? shape.message : "The draft could not be saved.";
  return { kind: "error", message };
}
