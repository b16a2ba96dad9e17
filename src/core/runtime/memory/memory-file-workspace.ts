import type { FileWorkspace } from "../ports";

/** In-memory `FileWorkspace`: one map of path -> content per workspace id. */
export class MemoryFileWorkspace implements FileWorkspace {
  private readonly workspaces = new Map<string, Map<string, string>>();

  async read(workspaceId: string, path: string): Promise<string | null> {
    return this.workspaces.get(workspaceId)?.get(path) ?? null;
  }

  async write(workspaceId: string, path: string, content: string): Promise<void> {
    let files = this.workspaces.get(workspaceId);
    if (!files) {
      files = new Map();
      this.workspaces.set(workspaceId, files);
    }
    files.set(path, content);
  }

  async list(workspaceId: string, prefix?: string): Promise<string[]> {
    const files = this.workspaces.get(workspaceId);
    if (!files) return [];
    const paths = [...files.keys()];
    return (prefix === undefined ? paths : paths.filter((path) => path.startsWith(prefix))).sort();
  }

  /** Workspace ids that hold files (for tests and the CLI summary). */
  workspaceIds(): string[] {
    return [...this.workspaces.keys()].sort();
  }
}
