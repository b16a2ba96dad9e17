"use client";

export interface VersionsDrawerProps {
  graphId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a restore made a version's document the draft, with the new revision. */
  onRestored: (revision: number) => void;
  /** Saves pending edits first, so a version is made of what the user sees. */
  flush: () => Promise<void>;
}

/** Compile to a version, list, diff, publish, restore. (Placeholder until it lands.) */
export function VersionsDrawer({ open }: VersionsDrawerProps) {
  return open ? <aside aria-label="Versions" /> : null;
}
