/**
 * A watchdog for a process that cannot watch its parent itself (the
 * PostgreSQL postmaster): `node stop-with-parent.cjs <pid> <marker-file>`,
 * spawned with an IPC channel by the process that owns <pid>. When the
 * channel closes without a "release" message (the owner died, even by
 * SIGKILL), it asks <pid> to stop: SIGINT (PostgreSQL's fast shutdown),
 * SIGQUIT after 20 s, SIGKILL after 5 s more. <marker-file> (postmaster.pid)
 * must still name <pid>, so a reused pid is never signalled.
 *
 * It ignores terminal signals: a Ctrl-C reaching its group is for the owner,
 * which stops the server in order and then releases the watchdog.
 */
"use strict";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS: runs without a TypeScript loader
const fs = require("node:fs");

const pid = Number(process.argv[2]);
const marker = process.argv[3];

function stillOurs() {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return false;
  }
  try {
    return Number.parseInt(fs.readFileSync(marker, "utf8").split("\n")[0], 10) === pid;
  } catch {
    return false;
  }
}

function send(signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function waitGone(ms) {
  return new Promise((resolve) => {
    const deadline = Date.now() + ms;
    const timer = setInterval(() => {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = error.code === "EPERM";
      }
      if (!alive || Date.now() > deadline) {
        clearInterval(timer);
        resolve(!alive);
      }
    }, 50);
  });
}

async function stop() {
  if (!stillOurs()) process.exit(0);
  send("SIGINT");
  if (await waitGone(20000)) process.exit(0);
  send("SIGQUIT");
  if (await waitGone(5000)) process.exit(0);
  send("SIGKILL");
  process.exit(0);
}

if (!Number.isInteger(pid) || pid <= 0 || !marker || !process.channel) {
  console.error("usage: node stop-with-parent.cjs <pid> <marker-file>, spawned with an IPC channel");
  process.exit(2);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {});
let released = false;
process.on("message", (message) => {
  if (message === "release") {
    released = true;
    process.disconnect();
  }
});
process.once("disconnect", () => {
  if (released) process.exit(0);
  void stop();
});
