import type { RuntimeDefinition } from "../../compiler/definition";
import type { RuntimeEvent } from "../events";
import { type RunHandle, type RunResult, runGraph } from "../run-graph";
import type { RunOptions } from "../run-options";
import { assertEventInvariants } from "./assert-event-invariants";
import type { TestPorts } from "./test-ports";

/** Runs a definition to the end, reading the event stream like a consumer, and checks the invariants. */
export async function runToEnd(
  definition: RuntimeDefinition,
  test: TestPorts,
  input: string,
  options: RunOptions & { conversationId?: string; onStart?: (run: RunHandle) => void } = {},
): Promise<{ events: RuntimeEvent[]; result: RunResult; run: RunHandle }> {
  const { conversationId, onStart, ...runOptions } = options;
  const run = runGraph(definition, { input, conversationId, ports: test.ports, options: runOptions });
  onStart?.(run);
  const events: RuntimeEvent[] = [];
  for await (const event of run.events) events.push(event);
  const result = await run.result;
  assertEventInvariants(events);
  return { events, result, run };
}
