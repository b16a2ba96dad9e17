/**
 * A Markdown sub-agent spec that cannot be imported: bad YAML, an unknown
 * field, a value of the wrong type, a missing description… `fileName` and
 * `field` say where, so the import dialog can point at the exact spot.
 */
export class MarkdownSpecError extends Error {
  override readonly name = "MarkdownSpecError";
  /** The file as given to the importer, e.g. `reviewer.md`. */
  readonly fileName: string;
  /** The front-matter field at fault (top-level key), or null for file-level problems. */
  readonly field: string | null;
  /** 1-based line in the file, when known. */
  readonly line: number | null;

  constructor(fileName: string, field: string | null, detail: string, line: number | null = null) {
    const where = [
      fileName || "(no file)",
      line !== null ? `line ${line}` : null,
      field !== null ? `field "${field}"` : null,
    ]
      .filter(Boolean)
      .join(", ");
    super(`${where}: ${detail}`);
    this.fileName = fileName;
    this.field = field;
    this.line = line;
  }
}

/**
 * A graph that Markdown specs cannot express without changing it: they
 * describe one main agent with a handoff to every other agent, so nested
 * handoffs, self-handoffs, agents without an edge from the root or several
 * edges to one child have no Markdown form. Export as JSON instead.
 */
export class MarkdownExportError extends Error {
  override readonly name = "MarkdownExportError";
  readonly nodeIds: string[];
  readonly edgeIds: string[];

  constructor(detail: string, at: { nodeIds?: string[]; edgeIds?: string[] } = {}) {
    super(
      `${detail}; Markdown specs only describe a main agent that delegates directly to every other agent — export the graph as JSON instead`,
    );
    this.nodeIds = at.nodeIds ?? [];
    this.edgeIds = at.edgeIds ?? [];
  }
}
