/** Keeps the last lines a child process printed, for error messages. */
export class LogTail {
  private readonly lines: string[] = [];

  constructor(private readonly limit = 40) {}

  /** Adds a chunk of output (may hold several lines). */
  push(chunk: string): void {
    for (const line of chunk.split("\n")) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > this.limit) this.lines.shift();
    }
  }

  /** The kept lines, oldest first. */
  toString(): string {
    return this.lines.join("\n");
  }
}
