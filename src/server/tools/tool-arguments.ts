/**
 * Checks a catalog tool's arguments against its whole JSON schema (HTTP
 * tools' parameters, MCP tools' inputSchema) with ajv before any call goes
 * out: types, enums, bounds, formats, nested objects, additionalProperties…
 * Each distinct schema is compiled once and kept (up to CACHE_SIZE
 * schemas, the least recently used leaving first). The schema's `$schema`
 * picks the draft: 2020-12, 2019-09, else draft-07 (which also reads
 * draft-06 schemas).
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019";
import { Ajv2020 } from "ajv/dist/2020";
import { default as addFormats } from "ajv-formats";

import { ToolArgumentsError } from "@/server/errors/tool-arguments-error";

/** Most schemas kept compiled at once. */
export const CACHE_SIZE = 500;

/** Most problems one error lists (the rest are counted). */
const MAX_PROBLEMS = 5;

// strict: false — schemas written for other validators (MCP servers) carry keywords ajv does not know; ignore them.
const OPTIONS: Options = { allErrors: true, strict: false, validateFormats: true };

type AnyAjv = Ajv | Ajv2019 | Ajv2020;
const instances = new Map<string, AnyAjv>();

function ajvFor(draft: "2020-12" | "2019-09" | "draft-07"): AnyAjv {
  let ajv = instances.get(draft);
  if (!ajv) {
    ajv = draft === "2020-12" ? new Ajv2020(OPTIONS) : draft === "2019-09" ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    addFormats(ajv as Ajv);
    instances.set(draft, ajv);
  }
  return ajv;
}

function draftOf(schema: Record<string, unknown>): "2020-12" | "2019-09" | "draft-07" {
  const declared = typeof schema.$schema === "string" ? schema.$schema : "";
  if (declared.includes("2020-12")) return "2020-12";
  if (declared.includes("2019-09")) return "2019-09";
  return "draft-07";
}

type Compiled = { ok: true; validate: ValidateFunction; ajv: AnyAjv; schema: object } | { ok: false; problem: string };

const cache = new Map<string, Compiled>();

function remember(key: string, compiled: Compiled): Compiled {
  cache.set(key, compiled);
  if (cache.size > CACHE_SIZE) {
    const [oldestKey, oldest] = cache.entries().next().value!;
    cache.delete(oldestKey);
    // ajv keeps every compiled schema object too: let it go with ours.
    if (oldest.ok) oldest.ajv.removeSchema(oldest.schema);
  }
  return compiled;
}

function compile(schema: Record<string, unknown>): Compiled {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  // A top-level $id would register the schema under that id, and a second tool with the same id would not compile.
  const { $id: _id, ...copy } = structuredClone(schema);
  const ajv = ajvFor(draftOf(schema));
  try {
    // Against the draft's meta-schema first, for a message naming the place (compile's would say "data/…").
    if (!ajv.validateSchema(copy)) {
      const first = (ajv.errors ?? [])[0];
      return remember(key, { ok: false, problem: first ? describe(first, "schema") : "it is not a JSON schema" });
    }
    return remember(key, { ok: true, validate: ajv.compile(copy), ajv, schema: copy });
  } catch (error) {
    // An unresolvable $ref, an unknown $schema draft…
    return remember(key, { ok: false, problem: error instanceof Error ? error.message : String(error) });
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `/items/0/first name` → `.items[0]["first name"]` (JSON pointer, ~0 and ~1 unescaped). */
function pointerPath(pointer: string): string {
  if (!pointer) return "";
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) =>
      /^\d+$/.test(part) ? `[${part}]` : IDENTIFIER.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`,
    )
    .join("");
}

function child(path: string, name: string): string {
  return `${path}${IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`;
}

/** One ajv error as a sentence naming the path under `root` (`arguments.count must be <= 10`). */
function describe(error: ErrorObject, root = "arguments"): string {
  const path = `${root}${pointerPath(error.instancePath)}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${child(path, String(params.missingProperty))} is required`;
    case "additionalProperties":
      return `${child(path, String(params.additionalProperty))} is not a parameter of this tool`;
    case "enum":
      return `${path} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `${path} must be ${JSON.stringify(params.allowedValue)}`;
    case "type":
      return `${path} must be ${String(params.type).replace(/,/g, " or ")}`;
    default:
      return `${path} ${error.message ?? "is not valid"}`;
  }
}

/**
 * Whether `schema` compiles as a JSON schema: null when it does, else the
 * problem in words naming where (`schema.properties.count.type must be
 * equal to one of the allowed values`).
 */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | null {
  const compiled = compile(schema);
  return compiled.ok ? null : compiled.problem;
}

/**
 * Throws ToolArgumentsError when `args` do not match `tool`'s schema (or
 * the schema itself cannot be compiled: then nothing can be checked, so
 * nothing is called). Returns nothing when they match.
 */
export function checkToolArguments(toolName: string, schema: Record<string, unknown>, args: unknown): void {
  const compiled = compile(schema);
  if (!compiled.ok) {
    throw new ToolArgumentsError(toolName, [
      `the tool's parameters schema is not a valid JSON schema (${compiled.problem})`,
    ]);
  }
  if (compiled.validate(args)) return;
  const problems = [...new Set((compiled.validate.errors ?? []).map((error) => describe(error)))];
  throw new ToolArgumentsError(toolName, problems.slice(0, MAX_PROBLEMS), Math.max(0, problems.length - MAX_PROBLEMS));
}
