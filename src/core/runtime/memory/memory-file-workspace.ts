import type { FileWorkspace } from "../ports";

/** In-memory `FileWorkspace`: one map of path -> content per workspace id. */
export class MemoryFileWorkspace implements FileWorkspace {
  /** Created with the first write (one workspace per run is common: an empty Map is ~170 bytes). */
  private workspaces: Map<string, Map<string, string>> | null = null;

  async read(workspaceId: string, path: string): Promise<string | null> {
    return this.workspaces?.get(workspaceId)?.get(path) ?? null;
  }

  async write(workspaceId: string, path: string, content: string): Promise<void> {
    const workspaces = (this.workspaces ??= new Map());
    let files = workspaces.get(workspaceId);
    if (!files) {
      files = new Map();
      workspaces.set(workspaceId, files);
    }
    files.set(path, content);
  }

  async list(workspaceId: string, prefix?: string): Promise<string[]> {
    const files = this.workspaces?.get(workspaceId);
    if (!files) return [];
    const paths = [...files.keys()];
    return (prefix === undefined ? paths : paths.filter((path) => path.startsWith(prefix))).sort();
  }

  /** Workspace ids that hold files (for tests and the CLI summary). */
  workspaceIds(): string[] {
    return this.workspaces ? [...this.workspaces.keys()].sort() : [];
  }
}
