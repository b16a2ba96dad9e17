import { z } from "zod";
import type { RuntimeDefinition } from "@/core/compiler";
import type { ModelClient } from "@/core/models/model-port";
import { type ModelChain, modelChainSchema } from "@/core/models/model-ref";
import { createScriptedModelClient } from "@/core/models/scripted-model";
import { globalTimer } from "@/core/models/timing-ports";
import { createVirtualTime, type RuntimePorts, systemPorts } from "@/core/runtime";
import { systemSleep } from "@/core/runtime/system-ports";
import { InvalidRunConfigError } from "../errors/invalid-run-config-error";
import type { ResolveCredential } from "../models/credentials";

/** How a run is set up, as the CLI's flags or a worker's job give it. Validated by `createRunPorts`. */
export const runConfigSchema = z.strictObject({
  /**
   * `system`: real time. `virtual`: simulated (scripted) latencies elapse at
   * once on a virtual clock, deterministically (`graph run --instant`).
   */
  time: z.enum(["system", "virtual"]).default("system"),
  /** The environment's default model chain, for agents whose own chain is empty. */
  defaultModelChain: modelChainSchema.default([]),
});

/** Input of `createRunPorts` (defaults not yet applied). */
export type RunConfigInput = z.input<typeof runConfigSchema>;
/** A validated run configuration. */
export type RunConfig = z.infer<typeof runConfigSchema>;

/** What the caller's process supplies beside the configuration. */
export interface RunPortsEnvironment {
  /** Credentials of real providers. Default: none, so the AI SDK reads OPENAI_API_KEY / ANTHROPIC_API_KEY. */
  resolveCredential?: ResolveCredential;
  /** The fetch of every provider call (tests, proxies). Default: global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Where the virtual clock starts. Default: `Date.now()`. */
  now?: () => number;
  /** Ports the process provides itself (a worker's database-backed sessions, event sinks…). Default: in memory. */
  ports?: Partial<Pick<RuntimePorts, "ids" | "sessions" | "files" | "tools" | "sinks">>;
}

/** A run's ports and the validated configuration they were built from. */
export interface RunSetup {
  ports: RuntimePorts;
  config: RunConfig;
}

/**
 * Builds the ports of one run from its configuration: the clock and sleep
 * (system or virtual), and the model client: the scripted client alone when
 * every model the run can reach is scripted, else the AI SDK client (loaded
 * only then), which also serves scripted entries. Shared by `graph run` and
 * the workers, so a run behaves the same wherever it starts.
 *
 * Throws `InvalidRunConfigError` when the configuration does not validate.
 */
export async function createRunPorts(
  definition: RuntimeDefinition,
  input: RunConfigInput,
  environment: RunPortsEnvironment = {},
): Promise<RunSetup> {
  const parsed = runConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidRunConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "config"}: ${issue.message}`,
      ),
    );
  }
  const config = parsed.data;
  const virtual = config.time === "virtual" ? createVirtualTime((environment.now ?? Date.now)()) : null;
  const sleep = virtual?.sleep ?? systemSleep;
  // On system time the scripted latency waits are deadlines on the global timer and the call's cancel token.
  const scripted = createScriptedModelClient({ sleep, timer: virtual ? undefined : globalTimer });
  const model: ModelClient = usesRealProviders(definition, config.defaultModelChain)
    ? await aiSdkClient(scripted, environment)
    : scripted;
  const ports = systemPorts({
    ...environment.ports,
    ...(virtual && { clock: virtual.clock, sleep: virtual.sleep }),
    model,
  });
  return { ports, config };
}

/** True when an agent, a handoff edge or the default chain names a provider other than `scripted`. */
function usesRealProviders(definition: RuntimeDefinition, defaults: ModelChain): boolean {
  const real = (chain: ModelChain) => chain.some((entry) => entry.provider !== "scripted");
  if (real(defaults)) return true;
  return Object.values(definition.agents).some(
    (agent) => real(agent.modelChain) || agent.handoffs.some((handoff) => real(handoff.modelChain)),
  );
}

/** The AI SDK client, imported on demand: a scripted-only run never loads the provider SDKs. */
async function aiSdkClient(scripted: ModelClient, environment: RunPortsEnvironment): Promise<ModelClient> {
  const { createAiSdkModelClient } = await import("../models/ai-sdk-model-client");
  return createAiSdkModelClient({
    resolveCredential: environment.resolveCredential ?? (() => null),
    fetch: environment.fetch,
    scripted,
  });
}
