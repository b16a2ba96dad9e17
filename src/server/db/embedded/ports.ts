/** TCP port checks for the servers we start. */
import net from "node:net";

import { PortInUseError } from "@/server/errors/port-in-use-error";
import { findPortHolder } from "./port-holder";

function tryListen(port: number, host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Throws `PortInUseError` (naming the process that holds it, when found, and `hint` on what to do) when `host:port` is taken. */
export async function assertPortFree(port: number, host: string, hint: string): Promise<void> {
  let server: net.Server;
  try {
    server = await tryListen(port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new PortInUseError(port, host, hint, await findPortHolder(port));
    }
    throw error;
  }
  await close(server);
}

/** Asks the OS for a port that is free right now on `host`. */
export async function findFreePort(host = "127.0.0.1"): Promise<number> {
  const server = await tryListen(0, host);
  const { port } = server.address() as net.AddressInfo;
  await close(server);
  return port;
}
