"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useMemo } from "react";

import { userRegexProblem } from "@/core/patterns/user-regex";
import {
  scriptRuleSchema,
  scriptSchema,
  scriptTurnSchema,
  type Script,
  type ScriptRule,
} from "@/core/models/model-ref";

import { moveItem, removeItem, replaceItem } from "./document-updates";
import { HELP } from "./field-help";
import { NumberField, SwitchField, TextField } from "./fields";
import { IconButton } from "./icon-button";
import styles from "./panels.module.css";
import { TurnEditor } from "./turn-editor";
import { useSchemaForm } from "./use-schema-form";

const latencySchema = scriptSchema.pick({ latencyMs: true });
const ruleFieldsSchema = scriptRuleSchema.pick({ match: true, flags: true, once: true });

/** The scripted model's script: turns in order, rules checked first, the exhausted answer and the latency. */
export function ScriptEditor({
  script,
  onCommit,
}: {
  script: Script;
  onCommit: (script: Script, label: string) => void;
}) {
  const latencyValue = useMemo(() => ({ latencyMs: script.latencyMs }), [script.latencyMs]);
  const latency = useSchemaForm(latencySchema, latencyValue, (next) => {
    if (next.latencyMs !== script.latencyMs) onCommit({ ...script, ...next }, "Edit script latency");
  });
  const newTurn = () => scriptTurnSchema.parse({ kind: "text", text: "Done: {{input}}" });
  return (
    <details className={styles.details}>
      <summary>
        Script: {script.turns.length} turn{script.turns.length === 1 ? "" : "s"}, {script.rules.length} rule
        {script.rules.length === 1 ? "" : "s"}
      </summary>
      <div className={styles.section}>
        <p className={styles.help}>{HELP.script.turns}</p>
        <ol className={styles.list} aria-label="Turns">
          {script.turns.map((turn, index) => (
            <li key={index} className={styles.card}>
              <div className={styles.cardHeader}>
                <span className={styles.cardTitle}>Turn {index + 1}</span>
                <span className={styles.cardActions}>
                  <IconButton
                    label={`Move turn ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() =>
                      onCommit({ ...script, turns: moveItem(script.turns, index, index - 1) }, "Reorder turns")
                    }
                  >
                    <ArrowUp size={14} aria-hidden />
                  </IconButton>
                  <IconButton
                    label={`Move turn ${index + 1} down`}
                    disabled={index === script.turns.length - 1}
                    onClick={() =>
                      onCommit({ ...script, turns: moveItem(script.turns, index, index + 1) }, "Reorder turns")
                    }
                  >
                    <ArrowDown size={14} aria-hidden />
                  </IconButton>
                  <IconButton
                    label={`Remove turn ${index + 1}`}
                    onClick={() => onCommit({ ...script, turns: removeItem(script.turns, index) }, "Remove turn")}
                  >
                    <Trash2 size={14} aria-hidden />
                  </IconButton>
                </span>
              </div>
              <TurnEditor
                name={`Turn ${index + 1}`}
                turn={turn}
                onCommit={(next) =>
                  onCommit({ ...script, turns: replaceItem(script.turns, index, next) }, `Edit turn ${index + 1}`)
                }
              />
            </li>
          ))}
        </ol>
        <div>
          <button
            type="button"
            className={styles.button}
            onClick={() => onCommit({ ...script, turns: [...script.turns, newTurn()] }, "Add turn")}
          >
            <Plus size={14} aria-hidden /> Add a turn
          </button>
        </div>

        <h4 className={styles.sectionTitle}>Rules</h4>
        <p className={styles.help}>{HELP.script.rules}</p>
        <ol className={styles.list} aria-label="Rules">
          {script.rules.map((rule, index) => (
            <li key={index} className={styles.card}>
              <RuleEditor
                rule={rule}
                index={index}
                onCommit={(next) =>
                  onCommit({ ...script, rules: replaceItem(script.rules, index, next) }, `Edit rule ${index + 1}`)
                }
                onRemove={() => onCommit({ ...script, rules: removeItem(script.rules, index) }, "Remove rule")}
              />
            </li>
          ))}
        </ol>
        <div>
          <button
            type="button"
            className={styles.button}
            onClick={() =>
              onCommit(
                {
                  ...script,
                  rules: [...script.rules, scriptRuleSchema.parse({ match: "^hello\\b", turn: newTurn() })],
                },
                "Add rule",
              )
            }
          >
            <Plus size={14} aria-hidden /> Add a rule
          </button>
        </div>

        <h4 className={styles.sectionTitle}>When the turns run out</h4>
        <p className={styles.help}>{HELP.script.whenExhausted}</p>
        {script.whenExhausted ? (
          <div className={styles.card}>
            <div className={styles.cardHeader}>
              <span className={styles.cardTitle}>Exhausted answer</span>
              <IconButton
                label="Use the default exhausted answer"
                onClick={() => {
                  const { whenExhausted: _drop, ...rest } = script;
                  onCommit(rest, "Reset exhausted answer");
                }}
              >
                <Trash2 size={14} aria-hidden />
              </IconButton>
            </div>
            <TurnEditor
              name="Exhausted answer"
              turn={script.whenExhausted}
              onCommit={(next) => onCommit({ ...script, whenExhausted: next }, "Edit exhausted answer")}
            />
          </div>
        ) : (
          <div>
            <button
              type="button"
              className={styles.button}
              onClick={() => onCommit({ ...script, whenExhausted: newTurn() }, "Set exhausted answer")}
            >
              <Plus size={14} aria-hidden /> Set a custom answer
            </button>
          </div>
        )}
        <NumberField
          form={latency.form}
          commit={latency.commit}
          name="latencyMs"
          label="Latency of every turn (ms)"
          help={HELP.script.latencyMs}
          step={100}
        />
      </div>
    </details>
  );
}

function RuleEditor({
  rule,
  index,
  onCommit,
  onRemove,
}: {
  rule: ScriptRule;
  index: number;
  onCommit: (rule: ScriptRule) => void;
  onRemove: () => void;
}) {
  const value = useMemo(() => ({ match: rule.match, flags: rule.flags, once: rule.once }), [rule]);
  const { form, commit } = useSchemaForm(ruleFieldsSchema, value, (next) => {
    if (JSON.stringify(next) !== JSON.stringify(value)) onCommit({ ...rule, ...next });
  });
  const problem = userRegexProblem(rule.match, rule.flags);
  return (
    <>
      <div className={styles.cardHeader}>
        <span className={styles.cardTitle}>Rule {index + 1}</span>
        <IconButton label={`Remove rule ${index + 1}`} onClick={onRemove}>
          <Trash2 size={14} aria-hidden />
        </IconButton>
      </div>
      <div className={styles.row}>
        <TextField
          form={form}
          commit={commit}
          name="match"
          label="Pattern"
          help={scriptRuleSchema.shape.match.description ?? "Regular expression."}
          mono
        />
        <TextField form={form} commit={commit} name="flags" label="Flags" help={HELP.script.flags} mono />
      </div>
      {problem ? <p className={styles.warningText}>{problem} (the compiler reports it as invalid_regex).</p> : null}
      <SwitchField form={form} commit={commit} name="once" label="Once per session" help={HELP.script.once} />
      <TurnEditor name={`Rule ${index + 1} answer`} turn={rule.turn} onCommit={(turn) => onCommit({ ...rule, turn })} />
    </>
  );
}
