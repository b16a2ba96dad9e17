import type { z } from "zod";
import { formatJsonPath } from "../graph/json-path";
import { DEFINITION_VERSION, type RuntimeDefinition, runtimeDefinitionSchema } from "./definition";
import { RuntimeDefinitionError } from "./runtime-definition-error";

/** Versions this build can run. A new format adds its number here, with a migration or a fixture proving it loads. */
export const SUPPORTED_DEFINITION_VERSIONS: readonly number[] = [DEFINITION_VERSION];

/** More problems than this are summarised (a stored document of another format would list hundreds). */
const MAX_PROBLEMS = 10;

/**
 * Checks a stored runtime definition before the runtime trusts it: JSON text
 * or an already parsed value; its `definitionVersion` first (a definition of
 * another version is refused with the version found and the ones supported,
 * before its shape is looked at), then its shape (zod), then that the ids it
 * refers to exist (root agent, handoff children, agent keys). Throws
 * `RuntimeDefinitionError` with one sentence per problem; returns the parsed
 * definition (unknown fields rejected) otherwise.
 */
export function parseRuntimeDefinition(json: unknown): RuntimeDefinition {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new RuntimeDefinitionError([`not valid JSON: ${(error as Error).message}`], undefined);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new RuntimeDefinitionError(
      [
        `a runtime definition is a JSON object, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
      ],
      undefined,
    );
  const version = (value as { definitionVersion?: unknown }).definitionVersion;
  const versionProblem = checkVersion(version);
  if (versionProblem) throw new RuntimeDefinitionError([versionProblem], version);

  const parsed = runtimeDefinitionSchema.safeParse(value);
  if (!parsed.success) throw new RuntimeDefinitionError(summarise(parsed.error.issues.flatMap(describeIssue)), version);
  const problems = referenceProblems(parsed.data);
  if (problems.length > 0) throw new RuntimeDefinitionError(summarise(problems), version);
  return parsed.data;
}

function checkVersion(version: unknown): string | null {
  const supported = `supported: ${SUPPORTED_DEFINITION_VERSIONS.join(", ")}`;
  if (version === undefined)
    return `definitionVersion is missing (${supported}); is this a graph document rather than a compiled definition?`;
  if (typeof version !== "number" || !Number.isInteger(version))
    return `definitionVersion must be an integer, found ${JSON.stringify(version)} (${supported})`;
  if (SUPPORTED_DEFINITION_VERSIONS.includes(version)) return null;
  const newest = Math.max(...SUPPORTED_DEFINITION_VERSIONS);
  const hint =
    version > newest
      ? "it was written by a newer version of Agent Graph Studio; upgrade to run it"
      : "recompile its graph document to get a current definition";
  return `definition version ${version} is not supported (${supported}): ${hint}`;
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const where = issue.path.length > 0 ? formatJsonPath(issue.path) : "(root)";
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => `${where}: unknown field ${JSON.stringify(key)}`);
  return [`${where}: ${issue.message}`];
}

function referenceProblems(definition: RuntimeDefinition): string[] {
  const problems: string[] = [];
  if (!definition.agents[definition.rootAgentId])
    problems.push(`rootAgentId: agent ${JSON.stringify(definition.rootAgentId)} is not in agents`);
  for (const [key, agent] of Object.entries(definition.agents)) {
    if (agent.id !== key) problems.push(`agents.${key}.id: ${JSON.stringify(agent.id)} differs from its key`);
    agent.handoffs.forEach((handoff, i) => {
      if (!definition.agents[handoff.childId])
        problems.push(`agents.${key}.handoffs.${i}.childId: agent ${JSON.stringify(handoff.childId)} is not in agents`);
    });
  }
  return problems;
}

function summarise(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), `…and ${problems.length - MAX_PROBLEMS} more problems`];
}
