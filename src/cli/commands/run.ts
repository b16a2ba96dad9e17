import { type ModelChain, modelRefSchema } from "@/core/models/model-ref";
import { type RunStatus, type RuntimeEvent, runGraph } from "@/core/runtime";
import { createRunPorts } from "@/server/runtime/create-run-ports";
import { type CliIO, EXIT_USAGE, processIO } from "./cli-io";
import { compileSource } from "./compile";
import { RUN_USAGE, type RunArgs, UsageError, parseRunArgs } from "./run-args";
import { PrettyPrinter } from "./run-pretty";

export const EXIT = {
  completed: 0,
  failed: 1,
  budget_exceeded: 2,
  cancelled: 130,
  usage: EXIT_USAGE,
  invalidGraph: 65,
} as const;

/**
 * `graph run <graph.json> --input "..."`: compiles the document, runs it with
 * the scripted model (and the AI SDK for real providers, keys from the
 * environment) and prints the run's event stream — JSONL, or `--pretty`.
 * Returns the exit code.
 */
export async function runCommand(argv: string[], io: CliIO = processIO): Promise<number> {
  let args: RunArgs;
  try {
    args = parseRunArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`error: ${error.message}\n\n${RUN_USAGE}`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout(RUN_USAGE);
    return 0;
  }

  // The reader `compile` uses (BOM, size and depth limits, Markdown folders), so both judge a file alike.
  const compiled = await compileSource(args.graphPath);
  for (const d of compiled.diagnostics) {
    if (d.severity !== "info")
      io.stderr(
        `${d.severity}: ${d.message} [${d.code}${d.nodeIds.length ? ` nodes ${d.nodeIds.join(",")}` : ""}${d.edgeIds.length ? ` edges ${d.edgeIds.join(",")}` : ""}]\n`,
      );
  }
  if (!compiled.definition) {
    io.stderr(`error: ${args.graphPath} does not compile\n`);
    return EXIT.invalidGraph;
  }

  let defaultModelChain: ModelChain;
  try {
    defaultModelChain = args.defaultModels.map(parseModelFlag);
  } catch (error) {
    io.stderr(`error: ${(error as Error).message}\n`);
    return EXIT.usage;
  }

  const { ports } = await createRunPorts(compiled.definition, {
    time: args.instant ? "virtual" : "system",
    defaultModelChain,
  });

  const run = runGraph(compiled.definition, {
    input: args.input,
    conversationId: args.conversationId,
    ports,
    options: {
      forceSync: args.forceSync,
      forceSyncTimeoutSeconds: args.forceSyncTimeoutSeconds,
      defaultModelChain,
    },
  });
  const removeInterrupt = io.onInterrupt?.(() => run.cancel("interrupted (Ctrl-C)"));
  if (args.cancelAfterSeconds !== undefined) {
    void ports
      .sleep(args.cancelAfterSeconds * 1000)
      .then(() => run.cancel(`cancelled after ${args.cancelAfterSeconds} s (--cancel-after)`));
  }

  const printer = args.pretty ? new PrettyPrinter({ color: io.color ?? false }) : null;
  let status: RunStatus = "failed";
  for await (const event of run.events) {
    if (printer) {
      const lines = printer.format(event);
      if (lines.length > 0) io.stdout(`${lines.join("\n")}\n`);
    } else {
      io.stdout(`${toJsonLine(event)}\n`);
    }
    if (event.type === "RUN_END") status = event.status;
  }
  await run.result;
  removeInterrupt?.();
  return EXIT[status];
}

/** `openai:gpt-4o-mini` -> a chain entry with default retries and timeout. */
function parseModelFlag(flag: string): ModelChain[number] {
  const colon = flag.indexOf(":");
  if (colon <= 0 || colon === flag.length - 1) throw new Error(`--default-model needs provider:model, got "${flag}"`);
  const parsed = modelRefSchema.safeParse({ provider: flag.slice(0, colon), model: flag.slice(colon + 1) });
  if (!parsed.success)
    throw new Error(`--default-model "${flag}": ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

/** One JSONL line with the envelope first (type, runId, seq, timestamp, spans, source), then the payload. */
export function toJsonLine(event: RuntimeEvent): string {
  const { type, runId, seq, timestamp, spanId, parentSpanId, source, ...payload } = event;
  return JSON.stringify({ type, runId, seq, timestamp, spanId, parentSpanId, source, ...payload });
}

/** Parses JSONL output back into events (for tests and tools that consume the CLI). */
export function parseEventLines(text: string): RuntimeEvent[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as RuntimeEvent);
}
