import { describe, expect, it } from "vitest";

import { base64ToBytes, bytesToBase64, readGraphUpload } from "./browser-files";

describe("browser files", () => {
  it("round-trips bytes through base64, also past one chunk", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString("base64"));
    expect(base64ToBytes(text)).toEqual(bytes);
  });

  it("reads a .zip or a file with a zip signature as Markdown, anything else as JSON text", async () => {
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], "agents.bin");
    expect(await readGraphUpload(zip)).toEqual({ kind: "markdown", zipBase64: "UEsDBA==" });
    const json = new File(['{"a":1}'], "graph.json", { type: "application/json" });
    expect(await readGraphUpload(json)).toEqual({ kind: "json", text: '{"a":1}' });
  });
});
