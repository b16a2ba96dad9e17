/** A server could not listen because another process holds the port. */
export class PortInUseError extends Error {
  override readonly name = "PortInUseError";
  readonly port: number;
  readonly host: string;

  constructor(port: number, host: string, hint: string) {
    super(`Port ${port} on ${host} is already in use. ${hint}`);
    this.port = port;
    this.host = host;
  }
}
