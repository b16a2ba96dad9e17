"use client";

import { Plus, Trash2, Wrench } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";

import type { CompileResult } from "@/core/compiler";
import { toolRefSchema, type GraphDocument, type ToolRef } from "@/core/graph/schema";

import dialogStyles from "../editor.module.css";
import type { DocumentChange } from "../selection";
import { HELP } from "./field-help";
import { SelectField, TextField } from "./fields";
import { addToolRef, newToolRef, removeToolRef, toolRefDiagnostics, toolUsers, updateToolRef } from "./graph-tools";
import { IconButton } from "./icon-button";
import styles from "./panels.module.css";
import { SelectionDiagnostics } from "./selection-diagnostics";
import { useSchemaForm } from "./use-schema-form";

const KIND_CHOICES = [
  { value: "http", label: "HTTP" },
  { value: "mcp", label: "MCP" },
] as const;

/** The graph's tool references (`document.tools`): add, edit, remove (with the agents that allow them). */
export function GraphToolsSection({
  document,
  compiled,
  onChange,
}: {
  document: GraphDocument;
  compiled: CompileResult | null;
  onChange: DocumentChange<GraphDocument>;
}) {
  const titleId = useId();
  const [pending, setPending] = useState<number | null>(null);
  const remove = (index: number) => {
    const tool = document.tools[index];
    if (!tool) return;
    onChange(removeToolRef(document, index), `Remove graph tool ${tool.name}`);
  };
  const askRemove = (index: number) => {
    const tool = document.tools[index];
    if (!tool) return;
    if (toolUsers(document, tool.name).length > 0) setPending(index);
    else remove(index);
  };
  const pendingTool = pending === null ? undefined : document.tools[pending];
  const users = pendingTool ? toolUsers(document, pendingTool.name) : [];
  const canAdd = document.tools.length < 1000;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Graph tools <span className={styles.badge}>{document.tools.length}</span>
      </h3>
      <p className={styles.help}>{HELP.graphTools.section}</p>
      {document.tools.length === 0 ? (
        <p className={styles.muted}>No tools of its own: agents can use the built-in tools.</p>
      ) : (
        <ol className={styles.list} aria-label="Graph tools">
          {document.tools.map((tool, index) => (
            <li key={index} className={styles.card}>
              <ToolRefEditor
                tool={tool}
                index={index}
                usedBy={toolUsers(document, tool.name).length}
                compiled={compiled}
                onCommit={(next) => onChange(updateToolRef(document, index, next), `Edit graph tool ${tool.name}`)}
                onRemove={() => askRemove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div>
        <button
          type="button"
          className={styles.button}
          disabled={!canAdd}
          onClick={() => {
            const tool = newToolRef(document);
            onChange(addToolRef(document, tool), `Add graph tool ${tool.name}`);
          }}
        >
          <Plus size={14} aria-hidden /> Add a tool
        </button>
      </div>
      <AlertDialog.Root open={pendingTool !== undefined} onOpenChange={(open) => (open ? null : setPending(null))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialogStyles.overlay} />
          <AlertDialog.Content className={dialogStyles.dialog}>
            <AlertDialog.Title className={dialogStyles.dialogTitle}>
              Remove the tool {pendingTool?.name}?
            </AlertDialog.Title>
            <AlertDialog.Description className={dialogStyles.dialogDescription}>
              {users.length === 1 ? "1 agent allows it" : `${users.length} agents allow it`}:{" "}
              {users.map((agent) => agent.name).join(", ")}. Removing the tool also removes it from their allow-lists
              (one undo step).
            </AlertDialog.Description>
            <div className={dialogStyles.dialogActions}>
              <AlertDialog.Cancel className={dialogStyles.secondaryButton}>Keep it</AlertDialog.Cancel>
              <AlertDialog.Action
                className={dialogStyles.dangerButton}
                onClick={() => {
                  if (pending !== null) remove(pending);
                  setPending(null);
                }}
              >
                Remove tool
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

function ToolRefEditor({
  tool,
  index,
  usedBy,
  compiled,
  onCommit,
  onRemove,
}: {
  tool: ToolRef;
  index: number;
  usedBy: number;
  compiled: CompileResult | null;
  onCommit: (tool: ToolRef) => void;
  onRemove: () => void;
}) {
  const { form, commit } = useSchemaForm(toolRefSchema, tool, (next) => {
    if (JSON.stringify(next) !== JSON.stringify(tool)) onCommit(next);
  });
  const diagnostics = toolRefDiagnostics(compiled, index, tool.name);
  return (
    <div role="group" aria-label={`Graph tool ${tool.name}`} className={styles.section}>
      <div className={styles.cardHeader}>
        <span className={styles.cardTitle}>
          <Wrench size={13} aria-hidden /> {tool.name}
        </span>
        <span className={styles.cardActions}>
          <span className={styles.muted}>{usedBy === 0 ? "not allowed yet" : `allowed by ${usedBy}`}</span>
          <IconButton label={`Remove graph tool ${tool.name}`} onClick={onRemove}>
            <Trash2 size={14} aria-hidden />
          </IconButton>
        </span>
      </div>
      <SelectionDiagnostics diagnostics={diagnostics} />
      <div className={styles.row}>
        <TextField form={form} commit={commit} name="name" label="Tool name" help={HELP.graphTools.name} mono />
        <SelectField
          form={form}
          commit={commit}
          name="kind"
          label="Kind"
          help={HELP.graphTools.kind}
          choices={KIND_CHOICES}
        />
      </div>
      <TextField
        form={form}
        commit={commit}
        name="catalogId"
        label="Catalog id"
        help={HELP.graphTools.catalogId}
        placeholder="same as the name"
        optional
        mono
      />
      <TextField
        form={form}
        commit={commit}
        name="description"
        label="Description"
        help={HELP.graphTools.description}
        multiline
        rows={2}
      />
    </div>
  );
}
