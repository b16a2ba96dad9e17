/**
 * Our runtime: the scenario is a graph document on the `scripted` provider,
 * compiled by our compiler and run by `runGraph` with the process-local ports
 * (`systemPorts`: real timers, uuids, in-memory sessions and files) plus a
 * ToolRunner serving `add`. The run's full event stream is consumed into an
 * in-memory array (the sink a CLI or SSE consumer would be), and a run counts
 * as done only when the stream has ended and `result` has settled.
 */
import { compile } from "../../src/core/compiler";
import type { ModelClient } from "../../src/core/models/model-port";
import { createScriptedModelClient } from "../../src/core/models/scripted-model";
import { runGraph, systemPorts, type RuntimeEvent, type ToolRunner } from "../../src/core/runtime";
import { systemSleep } from "../../src/core/runtime/system-ports";
import { globalTimer } from "../../src/core/models/timing-ports";
import { add, type ScenarioSpec } from "../lib/scripts";
import { workspaceVersion } from "../lib/versions";
import { ADD_TOOL_SPEC, scenarioDocument } from "./ours-graph";
import { newCounters, type BenchRuntime, type OurId, type PrepareOptions, type PreparedScenario } from "./types";

/** `ours` keeps the schema's default model settings; `ours-tuned` uses retries 0 and no per-call timeout. */
export async function load(id: OurId): Promise<BenchRuntime> {
  const tuned = id === "ours-tuned";
  const counters = newCounters();
  const tools: ToolRunner = {
    spec: (name) => (name === "add" ? ADD_TOOL_SPEC : null),
    async run(invocation) {
      counters.toolCalls++;
      const { a, b } = invocation.args as { a: number; b: number };
      return String(add(a, b));
    },
  };
  return {
    id,
    label: tuned ? "ours (tuned)" : "ours",
    version: workspaceVersion(),
    counters,
    notes: [
      "graph documents on the scripted provider, compiled with compile(); runGraph() with systemPorts() (timers, uuids, in-memory sessions/files) and a ToolRunner serving add",
      "full event stream consumed into an in-memory array per run; one scripted model client per run (it keeps per-session turn counters)",
      tuned
        ? "model entries with retries 0 and timeoutMillis 0, like the peers' fakes"
        : "model entries keep the graph schema's defaults (retries 1, timeoutMillis 60000: a deadline and an AbortSignal per model call)",
    ],
    async prepare(spec: ScenarioSpec, options: PrepareOptions): Promise<PreparedScenario> {
      const compiled = compile(scenarioDocument(spec, options.latencyMs, tuned));
      if (!compiled.definition) {
        throw new Error(
          `ours: the scenario graph does not compile: ${compiled.diagnostics.map((d) => `${d.code}: ${d.message}`).join("; ")}`,
        );
      }
      const definition = compiled.definition;
      return {
        async run() {
          const scripted = createScriptedModelClient({ sleep: systemSleep, timer: globalTimer });
          const model: ModelClient = {
            generate(request) {
              counters.modelCalls++;
              return scripted.generate(request);
            },
          };
          const run = runGraph(definition, { input: "go", ports: systemPorts({ model, tools }) });
          const sink: RuntimeEvent[] = [];
          for await (const event of run.events) {
            sink.push(event);
            if (event.type === "HANDOFF_START") counters.handoffs++;
          }
          counters.events += sink.length;
          const result = await run.result;
          if (result.status !== "completed") throw new Error(`ours: run ${result.status}: ${result.error ?? ""}`);
          counters.runs++;
        },
      };
    },
  };
}
