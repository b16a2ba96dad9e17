"use client";

import { Check, Search, X } from "lucide-react";
import { Checkbox } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { z } from "zod";

import { denyMatcher } from "@/core/compiler";
import { agentNodeSchema, denyRuleSchema, type AgentNode } from "@/core/graph/schema";

import { useEditor } from "../store/editor-context";
import { updateAgent } from "./document-updates";
import { effectiveToolSet } from "./effective-tool-set";
import { HELP } from "./field-help";
import { SwitchField, TextField } from "./fields";
import { IconButton } from "./icon-button";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { filterToolOptions, toggleTool, toolOptions, TASK_TOOL_DESCRIPTIONS } from "./tool-catalog";
import { useSchemaForm } from "./use-schema-form";

const KIND_LABELS = { builtin: "built-in", http: "HTTP", mcp: "MCP", unknown: "unknown" } as const;

/** The allow-list, deny rules, permission inheritance and the effective tool set of one agent. */
export function ToolsPanel(props: PanelProps & { agent: AgentNode }) {
  return (
    <div className={styles.section}>
      <AllowList {...props} />
      <DenyRules {...props} />
      <InheritSwitch {...props} />
      <EffectiveTools {...props} />
    </div>
  );
}

function AllowList({ agent, document, onChange }: PanelProps & { agent: AgentNode }) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const catalog = useEditor((state) => state.catalog);
  const options = useMemo(() => toolOptions(document, agent.tools, catalog), [document, agent.tools, catalog]);
  const shown = filterToolOptions(options, query);
  const toggle = (name: string, on: boolean) => {
    const tools = toggleTool(agent.tools, name, on);
    if (!agentNodeSchema.shape.tools.safeParse(tools).success) return;
    onChange(updateAgent(document, agent.id, { tools }), on ? `Allow tool ${name}` : `Remove tool ${name}`);
  };
  return (
    <section className={styles.section} aria-labelledby={`${searchId}-title`}>
      <h3 id={`${searchId}-title`} className={styles.sectionTitle}>
        Allowed tools <span className={styles.badge}>{agent.tools.length}</span>
      </h3>
      <p className={styles.help}>{HELP.tools.allowList}</p>
      <div className={styles.field}>
        <label htmlFor={searchId} className={styles.label}>
          Search tools
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          placeholder="Name or description"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ul className={styles.checkList} aria-label="Tools">
        {shown.map((option) => {
          const id = `${searchId}-${option.name}`;
          const checked = agent.tools.includes(option.name);
          return (
            <li key={option.name} className={styles.checkItem}>
              <Checkbox.Root
                id={id}
                className={styles.checkbox}
                checked={checked}
                onCheckedChange={(value) => toggle(option.name, value === true)}
              >
                <Checkbox.Indicator>
                  <Check size={12} aria-hidden />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={id}>
                <span className={styles.checkName}>{option.name}</span>
                <span className={styles.checkDescription}>{option.description}</span>
                {option.source && option.kind !== "builtin" ? (
                  <span className={styles.checkDescription}>{option.source}</span>
                ) : null}
              </label>
              <span
                className={`${styles.badge} ${option.kind === "unknown" ? styles.badgeDanger : ""}`}
                title={option.source}
              >
                {KIND_LABELS[option.kind]}
              </span>
            </li>
          );
        })}
        {shown.length === 0 ? <li className={styles.muted}>No tool matches “{query}”.</li> : null}
      </ul>
    </section>
  );
}

/** The new-rule input: one deny rule, validated by the core's denyRuleSchema. */
const newRuleSchema = z.strictObject({ rule: denyRuleSchema });
const EMPTY_RULE = { rule: "" };

function DenyRules({ agent, document, onChange }: PanelProps & { agent: AgentNode }) {
  const catalog = useEditor((state) => state.catalog);
  const names = useMemo(
    () => toolOptions(document, agent.tools, catalog).map((o) => o.name),
    [document, agent.tools, catalog],
  );
  const { form, commit } = useSchemaForm(newRuleSchema, EMPTY_RULE, ({ rule }, self) => {
    if (agent.denyTools.includes(rule)) return self.reset(EMPTY_RULE);
    const denyTools = [...agent.denyTools, rule];
    if (!agentNodeSchema.shape.denyTools.safeParse(denyTools).success) return;
    onChange(updateAgent(document, agent.id, { denyTools }), `Add deny rule ${rule}`);
    self.reset(EMPTY_RULE);
  });
  const remove = (rule: string) =>
    onChange(
      updateAgent(document, agent.id, { denyTools: agent.denyTools.filter((r) => r !== rule) }),
      `Remove deny rule ${rule}`,
    );
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>Deny rules</h3>
      {agent.denyTools.length === 0 ? (
        <p className={styles.muted}>No deny rules of its own.</p>
      ) : (
        <ul className={styles.list} aria-label="Deny rules">
          {agent.denyTools.map((rule) => {
            const matches = names.filter((name) => denyMatcher([rule])(name));
            return (
              <li key={rule} className={styles.readOnlyItem}>
                <span className={styles.chip}>
                  {rule}
                  <IconButton label={`Remove deny rule ${rule}`} onClick={() => remove(rule)}>
                    <X size={12} aria-hidden />
                  </IconButton>
                </span>
                <span className={styles.muted}>
                  {matches.length === 0 ? "matches no listed tool" : `matches ${matches.join(", ")}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <TextField
        form={form}
        commit={() => {
          if (String(form.getValues("rule") ?? "").trim() !== "") commit();
        }}
        name="rule"
        label="Add a deny rule"
        help={`${HELP.tools.denyTools} Press Enter to add.`}
        placeholder="write_*"
        mono
      />
    </section>
  );
}

function InheritSwitch({ agent, document, onChange }: PanelProps & { agent: AgentNode }) {
  const schema = useMemo(() => agentNodeSchema.pick({ inheritParentPermissions: true }), []);
  const value = useMemo(
    () => ({ inheritParentPermissions: agent.inheritParentPermissions }),
    [agent.inheritParentPermissions],
  );
  const { form, commit } = useSchemaForm(schema, value, (next) => {
    if (next.inheritParentPermissions === agent.inheritParentPermissions) return;
    onChange(
      updateAgent(document, agent.id, next),
      next.inheritParentPermissions ? "Inherit parent permissions" : "Stop inheriting parent permissions",
    );
  });
  return (
    <SwitchField
      form={form}
      commit={commit}
      name="inheritParentPermissions"
      label="Inherit parent permissions"
      help={HELP.tools.inheritParentPermissions}
    />
  );
}

function EffectiveTools({ agent, document, compiled, onSelect }: PanelProps & { agent: AgentNode }) {
  const set = useMemo(() => effectiveToolSet(document, compiled, agent.id), [document, compiled, agent.id]);
  return (
    <section className={styles.readOnly} aria-label="Effective tool set">
      <div className={styles.readOnlyItem}>
        <Search size={13} aria-hidden />
        <strong>Effective tool set</strong>
        {set ? <span className={`${styles.badge} ${styles.badgeAccent}`}>{set.role}</span> : null}
      </div>
      <p className={styles.help}>{HELP.tools.effective}</p>
      {!set ? (
        <p className={styles.muted}>
          Not reachable from the main agent: it runs nowhere, so it gets no tools until a compiled handoff leads to it.
        </p>
      ) : (
        <dl className={styles.definitionList}>
          {set.basis === "draft" ? (
            <>
              <dt>Note</dt>
              <dd>The graph has errors; this is computed from the draft as drawn.</dd>
            </>
          ) : null}
          <dt>Regular</dt>
          <dd>
            <ToolChips names={set.regular} empty="none" />
          </dd>
          {set.denied.length > 0 ? (
            <>
              <dt>Denied</dt>
              <dd>
                <ul className={styles.chips}>
                  {set.denied.map(({ tool, rule }) => (
                    <li key={tool} className={`${styles.chip} ${styles.chipPlain}`}>
                      <span className={styles.chipMuted}>{tool}</span>
                      <span className={styles.muted}>by {rule}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          <dt>Handoff</dt>
          <dd>
            {set.handoffs.length === 0 ? (
              <span className={styles.muted}>{set.role === "leaf" ? "none (a leaf cannot delegate)" : "none"}</span>
            ) : (
              <ul className={styles.chips}>
                {set.handoffs.map((handoff) => (
                  <li key={handoff.edgeId}>
                    <button
                      type="button"
                      className={`${styles.chip} ${styles.chipPlain} ${styles.linkButton}`}
                      onClick={() => onSelect({ kind: "edge", id: handoff.edgeId })}
                      aria-label={`${handoff.toolName}: select the edge to ${handoff.childId}`}
                    >
                      {handoff.toolName}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Task</dt>
          <dd>
            {set.task.length === 0 ? (
              <span className={styles.muted}>none (leaves get no task tools)</span>
            ) : (
              <ul className={styles.chips}>
                {set.task.map((name) => (
                  <li
                    key={name}
                    className={`${styles.chip} ${styles.chipPlain}`}
                    title={TASK_TOOL_DESCRIPTIONS[name as keyof typeof TASK_TOOL_DESCRIPTIONS]}
                  >
                    {name}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Rules in force</dt>
          <dd>
            <ToolChips names={set.denyRules} empty="none" />
          </dd>
        </dl>
      )}
    </section>
  );
}

function ToolChips({ names, empty }: { names: readonly string[]; empty: string }) {
  if (names.length === 0) return <span className={styles.muted}>{empty}</span>;
  return (
    <ul className={styles.chips}>
      {names.map((name) => (
        <li key={name} className={`${styles.chip} ${styles.chipPlain}`}>
          {name}
        </li>
      ))}
    </ul>
  );
}
