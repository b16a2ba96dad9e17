import type { ModelClient } from "../../models/model-port";
import { createScriptedModelClient } from "../../models/scripted-model";
import { MemoryFileWorkspace } from "../memory/memory-file-workspace";
import { MemorySessionStore } from "../memory/memory-session-store";
import type { RuntimePorts, ToolRunner } from "../ports";
import { createCounterIds } from "./counter-ids";
import { type RecordedRequest, recordingModel } from "./recording-model";
import { createVirtualTime, type VirtualTime } from "../virtual-time";

/** Ports for a test run: virtual time, counter ids, in-memory stores, a recorded scripted model. */
export interface TestPorts {
  ports: RuntimePorts;
  time: VirtualTime;
  sessions: MemorySessionStore;
  files: MemoryFileWorkspace;
  requests: RecordedRequest[];
  /** Requests one agent received, in order. */
  requestsOf(agentId: string): RecordedRequest[];
}

export function createTestPorts(
  overrides: {
    model?: (time: VirtualTime) => ModelClient;
    tools?: ToolRunner;
    sessions?: MemorySessionStore;
    files?: MemoryFileWorkspace;
  } = {},
): TestPorts {
  const time = createVirtualTime();
  const model = recordingModel(
    overrides.model ? overrides.model(time) : createScriptedModelClient({ sleep: time.sleep }),
  );
  const sessions = overrides.sessions ?? new MemorySessionStore();
  const files = overrides.files ?? new MemoryFileWorkspace();
  return {
    ports: {
      model,
      clock: time.clock,
      ids: createCounterIds(),
      sleep: time.sleep,
      sessions,
      files,
      tools: overrides.tools,
    },
    time,
    sessions,
    files,
    requests: model.requests,
    requestsOf: model.for,
  };
}
