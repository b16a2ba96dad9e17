import { describe, expect, it } from "vitest";
import { runToEnd } from "../runtime/testing/run-to-end";
import { createTestPorts } from "../runtime/testing/test-ports";
import { parseRuntimeDefinition } from "./parse-runtime-definition";
import { RuntimeDefinitionError } from "./runtime-definition-error";
import v0 from "./fixtures/runtime-definitions/v0-unversioned.json";
import v1 from "./fixtures/runtime-definitions/v1-support-triage.json";
import v2 from "./fixtures/runtime-definitions/v2-future.json";

/** Stored definitions as a database or file hands them over: JSON text. */
const FIXTURES = { "v0-unversioned.json": v0, "v1-support-triage.json": v1, "v2-future.json": v2 };
const fixture = (name: keyof typeof FIXTURES) => JSON.stringify(FIXTURES[name]);

function problemsOf(input: unknown): { problems: readonly string[]; foundVersion: unknown } {
  try {
    parseRuntimeDefinition(input);
  } catch (error) {
    if (error instanceof RuntimeDefinitionError) return { problems: error.problems, foundVersion: error.foundVersion };
    throw error;
  }
  throw new Error("expected the definition to be refused");
}

describe("parseRuntimeDefinition", () => {
  it("loads a stored version-1 definition, and the runtime runs it", async () => {
    const definition = parseRuntimeDefinition(fixture("v1-support-triage.json"));
    expect(definition.definitionVersion).toBe(1);
    expect(definition.rootAgentId).toBe("triage");
    const { result } = await runToEnd(definition, createTestPorts(), "I was charged twice");
    expect(result.status).toBe("completed");
  });

  it("accepts an already parsed value as well as JSON text", () => {
    const text = fixture("v1-support-triage.json");
    expect(parseRuntimeDefinition(JSON.parse(text))).toEqual(parseRuntimeDefinition(text));
  });

  it("refuses an unversioned (old) definition, naming what is missing and what is supported", () => {
    const { problems, foundVersion } = problemsOf(fixture("v0-unversioned.json"));
    expect(foundVersion).toBeUndefined();
    expect(problems).toEqual([
      "definitionVersion is missing (supported: 1); is this a graph document rather than a compiled definition?",
    ]);
  });

  it("refuses a definition from a newer release with the version found", () => {
    const { problems, foundVersion } = problemsOf(fixture("v2-future.json"));
    expect(foundVersion).toBe(2);
    expect(problems).toEqual([
      "definition version 2 is not supported (supported: 1): it was written by a newer version of Agent Graph Studio; upgrade to run it",
    ]);
    expect(problemsOf({ definitionVersion: 0 }).problems[0]).toMatch(
      /^definition version 0 is not supported \(supported: 1\): recompile its graph document/,
    );
    expect(problemsOf({ definitionVersion: "1" }).problems[0]).toBe(
      'definitionVersion must be an integer, found "1" (supported: 1)',
    );
  });

  it("refuses a malformed shape with one sentence per problem and its path", () => {
    const stored = JSON.parse(fixture("v1-support-triage.json"));
    stored.agents.triage.maxSteps = "many";
    stored.agents.faq.colour = "blue";
    const { problems } = problemsOf(stored);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^agents\.faq: unknown field "colour"$|^agents\.triage\.maxSteps: /);
    expect(problems.join("\n")).toContain('agents.faq: unknown field "colour"');
    expect(problems.join("\n")).toMatch(/agents\.triage\.maxSteps: .*number/);
  });

  it("refuses dangling ids the runtime would trip over", () => {
    const stored = JSON.parse(fixture("v1-support-triage.json"));
    stored.rootAgentId = "nobody";
    stored.agents.triage.handoffs[0].childId = "ghost";
    expect(problemsOf(stored).problems).toEqual([
      'rootAgentId: agent "nobody" is not in agents',
      'agents.triage.handoffs.0.childId: agent "ghost" is not in agents',
    ]);
  });

  it("refuses text that is not JSON or not an object, without a stack trace in the message", () => {
    expect(problemsOf("{ nope").problems[0]).toMatch(/^not valid JSON: /);
    expect(problemsOf("[]").problems).toEqual(["a runtime definition is a JSON object, got an array"]);
    expect(problemsOf(null).problems).toEqual(["a runtime definition is a JSON object, got null"]);
  });
});
