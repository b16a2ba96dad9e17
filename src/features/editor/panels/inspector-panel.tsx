"use client";

import { Bot, Cable, Settings2 } from "lucide-react";
import { Tabs, Tooltip } from "radix-ui";
import { useState } from "react";

import type { CompileResult } from "@/core/compiler";
import type { AgentNode, GraphDocument } from "@/core/graph/schema";

import type { DocumentChange, Selection } from "../selection";
import { AgentForm } from "./agent-form";
import { EdgePanel } from "./edge-panel";
import { GraphSettingsPanel } from "./graph-settings-panel";
import { HandoffPolicyPanel } from "./handoff-policy-panel";
import { ModelsPanel } from "./models-panel";
import type { PanelProps } from "./panel-props";
import styles from "./panels.module.css";
import { diagnosticsFor, SelectionDiagnostics } from "./selection-diagnostics";
import { ToolsPanel } from "./tools-panel";

export interface InspectorPanelProps {
  document: GraphDocument;
  selection: Selection;
  /** The browser-side compile of `document` (null while the first compile runs). */
  compiled: CompileResult | null;
  onChange: DocumentChange<GraphDocument>;
  /** Select another agent/edge (e.g. a link from the edge panel to its child). */
  onSelect: (selection: Selection) => void;
}

/** The side panel for the selection: the graph's settings, one agent (in tabs) or one handoff edge. */
export function InspectorPanel({ document, selection, compiled, onChange, onSelect }: InspectorPanelProps) {
  const panel: PanelProps = { document, compiled, onChange, onSelect };
  // The agent tab stays put while moving from agent to agent (compare tools across agents, say).
  const [tab, setTab] = useState<AgentTab>("agent");
  return (
    <Tooltip.Provider delayDuration={300}>
      <aside className={styles.inspector} aria-label="Inspector">
        <InspectorContent selection={selection} panel={panel} tab={tab} onTabChange={setTab} />
      </aside>
    </Tooltip.Provider>
  );
}

function InspectorContent({
  selection,
  panel,
  tab,
  onTabChange,
}: {
  selection: Selection;
  panel: PanelProps;
  tab: AgentTab;
  onTabChange: (tab: AgentTab) => void;
}) {
  const { document } = panel;
  if (selection.kind === "agent") {
    const agent = document.agents.find((a) => a.id === selection.id);
    if (!agent) return <Missing what="agent" id={selection.id} />;
    return <AgentInspector key={agent.id} agent={agent} panel={panel} tab={tab} onTabChange={onTabChange} />;
  }
  if (selection.kind === "edge") {
    const edge = document.handoffs.find((e) => e.id === selection.id);
    if (!edge) return <Missing what="handoff" id={selection.id} />;
    const from = document.agents.find((a) => a.id === edge.from)?.name ?? edge.from;
    const to = document.agents.find((a) => a.id === edge.to)?.name ?? edge.to;
    return (
      <>
        <header className={styles.header}>
          <span className={styles.kicker}>
            <Cable size={13} aria-hidden /> Handoff
          </span>
          <h2 className={styles.title}>
            {from} → {to}
          </h2>
          <span className={styles.subtitle}>Edge {edge.id}</span>
        </header>
        <EdgePanel key={edge.id} edge={edge} {...panel} />
      </>
    );
  }
  return (
    <>
      <header className={styles.header}>
        <span className={styles.kicker}>
          <Settings2 size={13} aria-hidden /> Graph settings
        </span>
        <h2 className={styles.title}>{document.name}</h2>
        <span className={styles.subtitle}>
          {document.agents.length} agent{document.agents.length === 1 ? "" : "s"}, {document.handoffs.length} handoff
          {document.handoffs.length === 1 ? "" : "s"}
        </span>
      </header>
      <GraphSettingsPanel {...panel} />
    </>
  );
}

type AgentTab = "agent" | "models" | "tools" | "handoffs";

function AgentInspector({
  agent,
  panel,
  tab,
  onTabChange,
}: {
  agent: AgentNode;
  panel: PanelProps;
  tab: AgentTab;
  onTabChange: (tab: AgentTab) => void;
}) {
  const isRoot = agent.id === panel.document.rootAgentId;
  const diagnostics = diagnosticsFor(panel.compiled, "agent", agent.id);
  return (
    <>
      <header className={styles.header}>
        <span className={styles.kicker}>
          <Bot size={13} aria-hidden /> {isRoot ? "Main agent" : "Agent"}
        </span>
        <h2 className={styles.title}>{agent.name}</h2>
        <span className={styles.subtitle}>Id {agent.id}</span>
      </header>
      <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as AgentTab)}>
        <Tabs.List className={styles.tabsList} aria-label="Agent settings">
          <Tabs.Trigger value="agent" className={styles.tab}>
            Agent
          </Tabs.Trigger>
          <Tabs.Trigger value="models" className={styles.tab}>
            Models
          </Tabs.Trigger>
          <Tabs.Trigger value="tools" className={styles.tab}>
            Tools
          </Tabs.Trigger>
          <Tabs.Trigger value="handoffs" className={styles.tab}>
            Handoffs
          </Tabs.Trigger>
        </Tabs.List>
        <div className={styles.body}>
          <SelectionDiagnostics diagnostics={diagnostics} />
          <Tabs.Content value="agent">
            <AgentForm agent={agent} {...panel} />
          </Tabs.Content>
          <Tabs.Content value="models">
            <ModelsPanel agent={agent} {...panel} />
          </Tabs.Content>
          <Tabs.Content value="tools">
            <ToolsPanel agent={agent} {...panel} />
          </Tabs.Content>
          <Tabs.Content value="handoffs">
            <HandoffPolicyPanel agent={agent} {...panel} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </>
  );
}

function Missing({ what, id }: { what: string; id: string }) {
  return (
    <p className={styles.empty}>
      No {what} with id <code>{id}</code>: it was deleted. Select something on the canvas.
    </p>
  );
}
