/**
 * The workspace and user every install gets (created by the seed). Kept
 * apart from seed.ts so request code can name them without importing the
 * seed's file-system code.
 */
export const DEFAULT_WORKSPACE = { slug: "default", name: "Default workspace" } as const;

/** The single user of the embedded default, owner of the default workspace. */
export const LOCAL_USER = { email: "local@agent-graph.studio", name: "Local user" } as const;
