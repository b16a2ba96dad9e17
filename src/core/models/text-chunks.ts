/**
 * Splits `text` at word boundaries into at most `maxChunks` pieces whose
 * concatenation is exactly `text` (whitespace stays attached to the word
 * before it). Used to simulate streaming: short answers stream word by word,
 * long ones in a few larger pieces so a zero-latency benchmark is not
 * dominated by callback overhead.
 */
export function chunkWords(text: string, maxChunks = 8): string[] {
  if (text.length === 0) return [];
  // Start offsets of words: a non-space preceded by whitespace (the first word keeps leading space).
  const starts: number[] = [0];
  let seenWord = !isSpace(text.charCodeAt(0));
  for (let i = 1; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) continue;
    if (seenWord && isSpace(text.charCodeAt(i - 1))) starts.push(i);
    seenWord = true;
  }
  const limit = Math.max(1, maxChunks);
  const perChunk = Math.ceil(starts.length / limit);
  const chunks: string[] = [];
  for (let w = 0; w < starts.length; w += perChunk) {
    const end = w + perChunk < starts.length ? starts[w + perChunk] : text.length;
    chunks.push(text.slice(starts[w], end));
  }
  return chunks;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}
