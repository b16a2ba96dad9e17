/**
 * The body limit of the /api/auth routes: their forms are a name, an email
 * and a password, so anything past a few kilobytes is refused (413) before
 * better-auth parses it, like the tRPC route's own limit.
 */

/** Largest body an auth request may send. */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

function tooLarge(size: string): Response {
  return Response.json(
    {
      code: "PAYLOAD_TOO_LARGE",
      message: `The request body is ${size} the ${MAX_AUTH_BODY_BYTES}-byte limit of sign-in and sign-up requests.`,
    },
    { status: 413, headers: { "cache-control": "no-store" } },
  );
}

/** Reads at most `maxBytes + 1` bytes of `body`; null when it is longer than `maxBytes`. */
async function readUpTo(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The request to hand to better-auth, or a 413 response: a declared
 * Content-Length over the limit is refused without reading a byte; a body
 * without one is read up to the limit and cut off past it.
 */
export async function limitAuthRequestBody(request: Request): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared)) {
    if (declared <= MAX_AUTH_BODY_BYTES) return request;
    void request.body.cancel().catch(() => {});
    return tooLarge(`${declared} bytes, over`);
  }
  const body = await readUpTo(request.body, MAX_AUTH_BODY_BYTES);
  if (!body) return tooLarge("larger than");
  return new Request(request, { body: body as BodyInit });
}
