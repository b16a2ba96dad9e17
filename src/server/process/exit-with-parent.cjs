/**
 * Preload (`node --require exit-with-parent.cjs …`) for a child started
 * with an IPC channel: when the channel closes (the parent exited, even by
 * SIGKILL), this process and its process group stop — SIGTERM first so a
 * server shuts down cleanly, SIGKILL if it is still there after a grace
 * period. The parent sets AGS_WATCHED_PARENT_PID to its pid. Plain CommonJS: it runs before any TypeScript loader.
 */
"use strict";

const GRACE_MS = Number(process.env.AGS_EXIT_WITH_PARENT_GRACE_MS || 5000);

function signalSelf(signal) {
  try {
    process.kill(-process.pid, signal); // our group (we lead it when spawned detached)
  } catch {
    process.kill(process.pid, signal);
  }
}

// Only the process spawned by the watching parent acts: its own children
// (e.g. Next's build workers, forked with the same --require and their own
// IPC channel) must keep their channel as they need it.
const watchedParent = Number(process.env.AGS_WATCHED_PARENT_PID);
delete process.env.AGS_WATCHED_PARENT_PID;

if (process.channel && watchedParent === process.ppid) {
  // The channel must not keep a finished command (e.g. `next build`) alive.
  process.channel.unref();
  process.once("disconnect", () => {
    signalSelf("SIGTERM");
    setTimeout(() => signalSelf("SIGKILL"), GRACE_MS).unref();
  });
}
