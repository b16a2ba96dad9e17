import { type ParseArgsConfig, parseArgs } from "node:util";

/** Where a command writes; the real process streams by default. Tests pass collectors. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colour the pretty view (default: stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
  /** Registers a Ctrl-C handler; returns its remover. */
  onInterrupt?: (handler: () => void) => () => void;
}

/** The real process: its streams, colour when stdout is a terminal, SIGINT as Ctrl-C. */
export const processIO: CliIO = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  onInterrupt: (handler) => {
    process.once("SIGINT", handler);
    return () => process.removeListener("SIGINT", handler);
  },
};

/** Exit code of a command-line mistake (sysexits EX_USAGE). */
export const EXIT_USAGE = 64;

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A command's arguments as `parseArgs` types them (`help` included). */
export type ParsedValues<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: O & typeof HELP }>
>["values"];

const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * Parses a command's arguments: its options plus `-h/--help`, and exactly the
 * named positionals. On `--help` prints the usage and returns exit code 0; on
 * a mistake prints `error: …` and the usage and returns 64. Otherwise returns
 * the values and the positionals, in order.
 */
export function parseCommandLine<O extends Options>(
  argv: string[],
  io: CliIO,
  command: { usage: string; options: O; positionals: readonly string[] },
): { values: ParsedValues<O>; positionals: string[] } | { exitCode: number } {
  const usageError = (message: string) => {
    io.stderr(`error: ${message}\n\n${command.usage}`);
    return { exitCode: EXIT_USAGE };
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...command.options, ...HELP } });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed as { values: ParsedValues<O>; positionals: string[] };
  if ((values as { help?: boolean }).help) {
    io.stdout(command.usage);
    return { exitCode: 0 };
  }
  const wanted = command.positionals;
  if (positionals.length < wanted.length)
    return usageError(`missing ${wanted.slice(positionals.length).join(" and ")}`);
  if (positionals.length > wanted.length)
    return usageError(`unexpected arguments: ${positionals.slice(wanted.length).join(" ")}`);
  return { values, positionals };
}
