/**
 * The workspace and user every install gets (created by the seed). Kept
 * apart from seed.ts so request code can name them without importing the
 * seed's file-system code.
 */
export const DEFAULT_WORKSPACE = { slug: "default", name: "Default workspace" } as const;

/**
 * The placeholder user of a fresh install: owner of the default workspace
 * until the first person signs up (then only the author of the example
 * graphs). It has no password and cannot sign in.
 */
export const LOCAL_USER = { email: "local@agent-graph.studio", name: "Local user" } as const;

/**
 * Key of the advisory lock that serialises changes to who owns the default
 * workspace: the seed and a sign-up claiming it take it (any constant no
 * other code uses).
 */
export const DEFAULT_WORKSPACE_LOCK_KEY = 7_240_617;
