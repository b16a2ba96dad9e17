/** The process found holding a port, when we could find out. */
export interface PortHolderInfo {
  pid: number;
  command: string;
}

const MAX_COMMAND_LENGTH = 200;

/** A server could not listen because another process holds the port. */
export class PortInUseError extends Error {
  override readonly name = "PortInUseError";
  readonly port: number;
  readonly host: string;
  /** Who holds it, when known. */
  readonly holder: PortHolderInfo | undefined;

  constructor(port: number, host: string, hint: string, holder?: PortHolderInfo) {
    const command =
      holder && holder.command.length > MAX_COMMAND_LENGTH
        ? `${holder.command.slice(0, MAX_COMMAND_LENGTH)}…`
        : holder?.command;
    const by = holder ? ` by process ${holder.pid}${command ? ` (${command})` : ""}` : "";
    super(`Port ${port} on ${host} is already in use${by}. ${hint}`);
    this.port = port;
    this.host = host;
    this.holder = holder;
  }
}
