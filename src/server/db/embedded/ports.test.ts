import { spawn } from "node:child_process";
import net from "node:net";

import { describe, expect, it } from "vitest";

import { PortInUseError } from "@/server/errors/port-in-use-error";
import { findPortHolder } from "./port-holder";
import { assertPortFree, findFreePort } from "./ports";

/** A separate process listening on a free port until killed. */
async function listenerProcess(): Promise<{ pid: number; port: number; stop: () => void }> {
  const port = await findFreePort();
  const script = `require("node:net").createServer().listen(${port}, "127.0.0.1", () => console.log("ready"))`;
  const child = spawn(process.execPath, ["-e", script, "--", "port-holder-probe"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`listener exited with ${code}`)));
  });
  return { pid: child.pid ?? -1, port, stop: () => child.kill("SIGKILL") };
}

describe.runIf(process.platform === "linux")("port in use", () => {
  it("names the process holding the port, with its command line", async () => {
    const listener = await listenerProcess();
    try {
      const error = await assertPortFree(listener.port, "127.0.0.1", "Set PORT to another port.").catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as PortInUseError).holder?.pid).toBe(listener.pid);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Port ${listener.port} on 127\\.0\\.0\\.1 is already in use by process ${listener.pid} \\(.*node.*port-holder-probe\\)\\. Set PORT`,
        ),
      );
    } finally {
      listener.stop();
    }
  });

  it("finds a listener of this very process, and nothing on a free port", async () => {
    const server = net.createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
    );
    try {
      expect((await findPortHolder(port))?.pid).toBe(process.pid);
    } finally {
      server.close();
    }
    expect(await findPortHolder(await findFreePort())).toBeUndefined();
  });
});
