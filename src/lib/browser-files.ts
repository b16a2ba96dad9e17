/**
 * Files in the browser: save data as a download, read an uploaded file as
 * text or base64. Shared by the graphs list and the editor's import/export
 * menu (features do not import each other).
 */

/** Starts a download of `data` named `fileName`. */
export function downloadFile(fileName: string, data: string | Uint8Array, type: string): void {
  const part: BlobPart = typeof data === "string" ? data : new Uint8Array(data);
  const url = URL.createObjectURL(new Blob([part], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A graph export as the API sends it: JSON text, or a Markdown zip in base64. */
export type GraphExport = { fileName: string; text: string } | { fileName: string; zipBase64: string };

/** Downloads an export of `graphs.exportJson` or `graphs.exportMarkdown` under its file name. */
export function downloadGraphExport(file: GraphExport): void {
  if ("text" in file) downloadFile(file.fileName, file.text, "application/json");
  else downloadFile(file.fileName, base64ToBytes(file.zipBase64), "application/zip");
}

/** Bytes from base64 text (as the API sends zips). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64 text of bytes, in chunks so large files do not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** What an uploaded graph file is: a Markdown zip (by name or zip signature) or JSON text. */
export type GraphUpload = { kind: "markdown"; zipBase64: string } | { kind: "json"; text: string };

/** Reads an uploaded file as a graph upload: `.zip` files (or files starting with a zip signature) as Markdown, anything else as JSON text. */
export async function readGraphUpload(file: File): Promise<GraphUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = /\.zip$/i.test(file.name) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (isZip) return { kind: "markdown", zipBase64: bytesToBase64(bytes) };
  return { kind: "json", text: new TextDecoder().decode(bytes) };
}
