import type { Script, ScriptTurn } from "./model-ref";
import { compileUserRegex, userRegexProblem, type UserRegex } from "../patterns/user-regex";
import { hasTemplate, hasTemplateDeep } from "./script-templates";

/** A scripted tool call prepared once: raw argument text precomputed when it has no template. */
export interface CompiledCall {
  tool: string;
  /** The args as written (object or raw string). */
  args: Record<string, unknown> | string;
  /** Final argument text when no template is involved, else null (rendered per call). */
  staticArguments: string | null;
}

/** A turn prepared once per script. */
export interface CompiledTurn {
  turn: ScriptTurn;
  /** The turn's text has a template and must be rendered per call. */
  templatedText: boolean;
  calls: CompiledCall[];
}

export interface CompiledRule {
  /** Runs on RE2 (linear time), so a rule like `(a+)+$` cannot hang a run. */
  regex: UserRegex;
  once: boolean;
  turn: CompiledTurn;
}

export interface CompiledScript {
  turns: CompiledTurn[];
  rules: CompiledRule[];
  whenExhausted: CompiledTurn;
  latencyMs: number;
}

/**
 * What a script answers once its turns run out, when it sets no
 * `whenExhausted`: a short text that echoes the latest input, so an
 * unscripted agent still finishes its task visibly.
 */
export const DEFAULT_WHEN_EXHAUSTED: ScriptTurn = { kind: "text", text: "Done: {{input}}" };

const cache = new WeakMap<Script, CompiledScript>();
let defaultTurn: CompiledTurn | undefined;

/**
 * Compiles a script (regexes, template pre-checks, static argument JSON) and
 * caches the result by object identity: scripts come from the immutable
 * runtime definition, so each is compiled once per process, not per call.
 * Throws `InvalidPatternError` for an invalid rule regex (see `scriptProblems`).
 */
export function compileScript(script: Script): CompiledScript {
  const cached = cache.get(script);
  if (cached) return cached;
  const compiled: CompiledScript = {
    turns: script.turns.map(compileTurn),
    rules: script.rules.map((rule) => ({
      regex: compileUserRegex(rule.match, rule.flags),
      once: rule.once,
      turn: compileTurn(rule.turn),
    })),
    whenExhausted: script.whenExhausted
      ? compileTurn(script.whenExhausted)
      : (defaultTurn ??= compileTurn(DEFAULT_WHEN_EXHAUSTED)),
    latencyMs: script.latencyMs,
  };
  cache.set(script, compiled);
  return compiled;
}

/** A problem that would make a script fail at run time: an invalid rule regex, with the rule's index. */
export interface ScriptProblem {
  /** 0-based index into `script.rules`. */
  ruleIndex: number;
  message: string;
}

/** Problems that would make a script fail at run time (invalid rule regexes), each naming the rule. */
export function scriptProblems(script: Script): ScriptProblem[] {
  const problems: ScriptProblem[] = [];
  script.rules.forEach((rule, ruleIndex) => {
    const problem = userRegexProblem(rule.match, rule.flags);
    if (problem !== null) problems.push({ ruleIndex, message: `rule ${ruleIndex + 1}: ${problem}` });
  });
  return problems;
}

function compileTurn(turn: ScriptTurn): CompiledTurn {
  const text = turn.kind === "error" ? "" : (turn.text ?? "");
  const calls =
    turn.kind === "tool_calls"
      ? turn.calls.map((call): CompiledCall => {
          const args = call.args as Record<string, unknown> | string;
          const templated = typeof args === "string" ? hasTemplate(args) : hasTemplateDeep(args);
          return {
            tool: call.tool,
            args,
            staticArguments: templated ? null : typeof args === "string" ? args : JSON.stringify(args),
          };
        })
      : [];
  return { turn, templatedText: hasTemplate(text), calls };
}
