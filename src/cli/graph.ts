/**
 * `npm run graph -- <command> …`: the command-line entry point.
 * Each command lives in `commands/<name>.ts` and returns its exit code.
 */
import { compileCommand } from "./commands/compile";
import { exportMdCommand } from "./commands/export-md";
import { importMdCommand } from "./commands/import-md";
import { runCommand } from "./commands/run";
import { formatFatalError, INTERNAL_ERROR_EXIT } from "./fatal-error";

type Command = (argv: string[]) => Promise<number>;

// A closed pipe (`graph run … | head`) ends the output quietly instead of crashing, for every command.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  compile: {
    run: (argv) => compileCommand(argv),
    summary: "compile a graph (.json or a folder of Markdown specs): definition on stdout, diagnostics on stderr",
  },
  "export-md": {
    run: (argv) => exportMdCommand(argv),
    summary: "write a graph document as Markdown agent specs, one <agent id>.md per agent",
  },
  "import-md": {
    run: (argv) => importMdCommand(argv),
    summary: "read a folder of Markdown agent specs as a graph document (JSON)",
  },
  run: {
    run: (argv) => runCommand(argv),
    summary: "compile a graph document and run it, printing its events (JSONL or --pretty)",
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: npm run graph -- <command> [options]\n\nCommands:\n${lines.join("\n")}\n\nRun a command with --help for its options.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage());
    return name ? 0 : 64;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`error: unknown command "${name}"\n\n${usage()}`);
    return 64;
  }
  return command.run(rest);
}

// Anything a command did not turn into a diagnostic ends as one line (a stack only with AGS_DEBUG=1).
function fail(error: unknown): void {
  process.stderr.write(formatFatalError(error, process.env));
  process.exitCode = INTERNAL_ERROR_EXIT;
}
process.on("uncaughtException", (error) => {
  fail(error);
  process.exit(INTERNAL_ERROR_EXIT);
});
process.on("unhandledRejection", (reason) => {
  fail(reason);
  process.exit(INTERNAL_ERROR_EXIT);
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, fail);
