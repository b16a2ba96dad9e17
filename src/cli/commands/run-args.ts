import { parseArgs } from "node:util";

/** Options of `graph run`. */
export interface RunArgs {
  graphPath: string;
  input: string;
  pretty: boolean;
  conversationId?: string;
  forceSync: boolean;
  forceSyncTimeoutSeconds?: number;
  /** `provider:model` entries for the environment default chain (repeatable). */
  defaultModels: string[];
  /** Simulated latencies elapse on a virtual clock (instant, deterministic). */
  instant: boolean;
  /** Cancel the run after this many seconds (wall or virtual). */
  cancelAfterSeconds?: number;
  help: boolean;
}

export const RUN_USAGE = `Usage: npm run graph -- run <graph.json> --input "..." [options]

Compiles a graph document (read exactly as \`compile\` reads it; a folder of
Markdown specs works too) and runs it, printing every event of the run as one
JSON object per line (JSONL). Exits 0 when the run completed, 1 when it failed,
2 when a budget ran out, 130 when cancelled, 64 on bad usage, 65 when the graph
does not compile.

Options:
  -i, --input <text>          The user's message for the root agent (required)
      --pretty                Readable nested view instead of JSONL
      --conversation <id>     Conversation id (reused sessions and files are scoped to it)
      --force-sync            Run background handoffs synchronously (no promotion on timeout)
      --force-sync-timeout <s> Sync timeout under --force-sync (seconds)
      --default-model <p:m>   Environment default model, e.g. openai:gpt-4o-mini (repeat for a chain)
      --instant               Let simulated (scripted) latencies elapse instantly on a virtual clock
      --cancel-after <s>      Cancel the run after this many seconds
  -h, --help                  Show this help
`;

/** A command-line mistake; the message is shown with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export function parseRunArgs(argv: string[]): RunArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        input: { type: "string", short: "i" },
        pretty: { type: "boolean", default: false },
        conversation: { type: "string" },
        "force-sync": { type: "boolean", default: false },
        "force-sync-timeout": { type: "string" },
        "default-model": { type: "string", multiple: true, default: [] },
        instant: { type: "boolean", default: false },
        "cancel-after": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help)
    return { graphPath: "", input: "", pretty: false, forceSync: false, defaultModels: [], instant: false, help: true };
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? "missing <graph.json>" : `unexpected arguments: ${positionals.slice(1).join(" ")}`,
    );
  if (values.input === undefined) throw new UsageError("missing --input");
  return {
    graphPath: positionals[0],
    input: values.input,
    pretty: values.pretty ?? false,
    conversationId: values.conversation,
    forceSync: values["force-sync"] ?? false,
    forceSyncTimeoutSeconds: optionalNumber(values["force-sync-timeout"], "--force-sync-timeout"),
    defaultModels: values["default-model"] ?? [],
    instant: values.instant ?? false,
    cancelAfterSeconds: optionalNumber(values["cancel-after"], "--cancel-after"),
    help: false,
  };
}

function optionalNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${flag} needs a number of seconds, got "${value}"`);
  return n;
}
