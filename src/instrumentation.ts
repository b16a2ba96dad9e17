/**
 * Runs once when the Next.js server starts. On the Node.js runtime it makes
 * the process close its live run event hub when it is told to stop, so open
 * event streams end at once (their clients reconnect elsewhere) and the
 * server can exit instead of waiting for them.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { closeRunEventHubOnShutdown } = await import("@/server/runs/live/process-hub");
  closeRunEventHubOnShutdown();
}
