/**
 * A request body size limit applied before anything parses the body: a
 * declared `Content-Length` over the limit is refused without reading a byte,
 * and a body without one (chunked) is counted while it streams and cut off
 * as soon as it passes the limit. The error is a `TRPCError`, so the tRPC
 * handler answers it in its own shape (status 413, `PAYLOAD_TOO_LARGE`).
 */
import { TRPCError } from "@trpc/server";

import { DEFAULT_MAX_DOCUMENT_BYTES } from "@/core/graph/parse";

/**
 * The largest request body the API reads: the graph document limit plus
 * room for the JSON around it (`{"0":{"document":…}}`, a batch of calls).
 */
export const MAX_REQUEST_BODY_BYTES = DEFAULT_MAX_DOCUMENT_BYTES + 64 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The error a too-large body produces; `declaredBytes` is its Content-Length when known. */
export function bodyTooLargeError(maxBytes: number, declaredBytes?: number): TRPCError {
  const size = declaredBytes === undefined ? "larger than" : `${megabytes(declaredBytes)}, over`;
  return new TRPCError({
    code: "PAYLOAD_TOO_LARGE",
    message: `The request body is ${size} the limit of ${megabytes(maxBytes)}: a graph document may be at most ${megabytes(DEFAULT_MAX_DOCUMENT_BYTES)}.`,
  });
}

/** Counts bytes as they pass and errors the stream once more than `maxBytes` went by. */
function limitStream(maxBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      // Erroring cancels the source: the rest of the upload is never buffered.
      if (seen > maxBytes) controller.error(bodyTooLargeError(maxBytes));
      else controller.enqueue(chunk);
    },
  });
}

/** A request like `request` with another body; `duplex` is what Node needs for a streamed body (not in the DOM types). */
function withBody(request: Request, body: ReadableStream<Uint8Array>): Request {
  return new Request(request, { body, duplex: "half" } as RequestInit);
}

/** A body stream that fails at once: reading it rejects with `error`. */
function failingStream(error: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(error) });
}

/**
 * Returns `request` with a body that cannot exceed `maxBytes`: reading it
 * (`json()`, `text()`) rejects with a `PAYLOAD_TOO_LARGE` TRPCError instead.
 * Requests without a body are returned as they are.
 */
export function limitRequestBody(request: Request, maxBytes = MAX_REQUEST_BODY_BYTES): Request {
  if (!request.body) return request;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    void request.body.cancel().catch(() => {}); // we will not read it
    return withBody(request, failingStream(bodyTooLargeError(maxBytes, declared)));
  }
  return withBody(request, request.body.pipeThrough(limitStream(maxBytes)));
}
