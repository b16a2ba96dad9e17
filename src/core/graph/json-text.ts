/**
 * Helpers for reading JSON text safely: byte sizes, readable sizes and the
 * location of a syntax error. Pure string code so it runs in the browser too.
 */

/**
 * The UTF-8 size of a string in bytes, without allocating an encoded copy
 * (documents may be many megabytes). A lone surrogate counts as the 3 bytes
 * of the U+FFFD an encoder would write for it.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** `1,234,567`: a fixed format, so messages do not depend on the machine's locale. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `10.0 MB (10,485,760 bytes)`; sizes use 1 MB = 1,048,576 bytes. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const kb = bytes / 1024;
  const short = mb >= 1 ? `${mb.toFixed(1)} MB` : kb >= 1 ? `${kb.toFixed(1)} KB` : `${bytes} B`;
  return `${short} (${formatCount(bytes)} bytes)`;
}

/** 1-based line and column of a 0-based offset into `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** What went wrong in a JSON text, and where when the engine tells us. */
export interface JsonSyntaxProblem {
  /** The engine's own explanation, without its location suffix. */
  reason: string;
  line?: number;
  column?: number;
}

/**
 * Turns a `JSON.parse` error into a reason plus line/column. Engines word
 * their messages differently (V8: "at position 7" and, in newer versions,
 * "(line 1 column 8)"; Firefox: "at line 1 column 8"), so every known form is
 * tried; an unknown form keeps the message and no location.
 */
export function describeJsonSyntaxError(text: string, error: unknown): JsonSyntaxProblem {
  const message = error instanceof Error ? error.message : String(error);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  const position = /at position (\d+)/.exec(message);
  const reason = message
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/\s*in JSON at position \d+/, "")
    .replace(/\s*at line \d+ column \d+ of the JSON data/, "")
    .replace(/^JSON\.parse: /, "")
    .trim();
  if (lineCol) return { reason, line: Number(lineCol[1]), column: Number(lineCol[2]) };
  if (position) return { reason, ...lineColumnAt(text, Number(position[1])) };
  const snippet = locateV8Snippet(text, message);
  if (snippet) return { reason: snippet.reason, ...lineColumnAt(text, snippet.offset) };
  if (/unexpected end/i.test(message)) return { reason, ...lineColumnAt(text, text.length) };
  return { reason };
}

/**
 * Node 20's V8 says `Unexpected token '}', ..."name": \n}" is not valid JSON`:
 * no position, but a window of up to 10 characters either side of it, with
 * `...` where the window was cut. Finds the window in the text to recover the
 * offset; null when the message has another form or the window is ambiguous.
 */
function locateV8Snippet(text: string, message: string): { reason: string; offset: number } | null {
  const match = /^(Unexpected token '(.)'), (\.\.\.)?"([\s\S]*?)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (!match) return null;
  const [, reason, token, cutBefore, window, cutAfter] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  const start = text.indexOf(window);
  if (start < 0 || text.indexOf(window, start + 1) >= 0) return null;
  let offset: number;
  if (cutBefore) offset = start + 10;
  else if (cutAfter) offset = start + window.length - 10;
  else offset = start + window.indexOf(token);
  return text[offset] === token ? { reason, offset } : null;
}
