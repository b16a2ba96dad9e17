"use client";

export interface ImportExportMenuProps {
  graphId: string;
  /** The revision the editor holds (an import replaces the draft as a new revision). */
  revision: number;
  /** Called after an import replaced the draft, with the new revision. */
  onImported: (revision: number) => void;
  /** Saves pending edits first, so an export is of what the user sees. */
  flush: () => Promise<void>;
}

/** Import/export JSON and Markdown from the editor. (Placeholder until it lands.) */
export function ImportExportMenu(_props: ImportExportMenuProps) {
  return null;
}
