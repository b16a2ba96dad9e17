"use client";

import { ReactFlowProvider } from "@xyflow/react";
import Link from "next/link";
import { useState } from "react";

import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";

import { compileInto } from "./compile/use-live-compile";
import styles from "./editor.module.css";
import { EditorWorkspace } from "./editor-workspace";
import { useGraphDraft, type GraphDraftRecord } from "./graph-api";
import { EditorStoreProvider } from "./store/editor-context";
import { createEditorStore } from "./store/editor-store";

import "@xyflow/react/dist/style.css";

/** The editor route's client side: loads the graph, then mounts the editor on its draft. */
export function EditorPage({ graphId }: { graphId: string }) {
  const graph = useGraphDraft(graphId);

  if (graph.isPending) return <EditorSkeleton />;
  if (graph.isError) {
    const code = (graph.error as { data?: { code?: string } | null }).data?.code;
    if (code === "NOT_FOUND" || code === "BAD_REQUEST") return <GraphNotFound graphId={graphId} />;
    return (
      <EditorMessage title="Couldn’t open this graph" role="alert">
        <p>{graph.error.message}</p>
        <div className={styles.messageActions}>
          <button type="button" className={styles.primaryButton} onClick={() => void graph.refetch()}>
            Try again
          </button>
          <Link href="/graphs" className={styles.secondaryButton}>
            Back to graphs
          </Link>
        </div>
      </EditorMessage>
    );
  }
  const parsed = graphDocumentSchema.safeParse(graph.data.draft);
  if (!parsed.success) {
    return (
      <EditorMessage title="This draft cannot be edited" role="alert">
        <p>
          The stored draft does not match the graph format ({parsed.error.issues[0]?.path.join(".") || "document"}:{" "}
          {parsed.error.issues[0]?.message}). Restore a version or import a valid document.
        </p>
        <Link href="/graphs" className={styles.secondaryButton}>
          Back to graphs
        </Link>
      </EditorMessage>
    );
  }
  return <LoadedEditor key={`${graph.data.id}`} record={graph.data} document={parsed.data} />;
}

function LoadedEditor({ record, document }: { record: GraphDraftRecord; document: GraphDocument }) {
  const [store] = useState(() => {
    const created = createEditorStore({ graphId: record.id, document, revision: record.revision });
    // Compiled before the first render, so the canvas draws every node once, with its role and badges.
    compileInto(created);
    return created;
  });
  return (
    <EditorStoreProvider store={store}>
      <ReactFlowProvider>
        <EditorWorkspace />
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}

function EditorMessage({
  title,
  role,
  children,
}: {
  title: string;
  role?: "alert" | "status";
  children: React.ReactNode;
}) {
  return (
    <div className={styles.messageFrame}>
      <section className={styles.message} role={role} aria-labelledby="editor-message-title">
        <h1 id="editor-message-title" className={styles.messageTitle}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

function GraphNotFound({ graphId }: { graphId: string }) {
  return (
    <EditorMessage title="Graph not found">
      <p>
        There is no graph <code>{graphId}</code> in this workspace. It may have been deleted.
      </p>
      <Link href="/graphs" className={styles.primaryButton}>
        Back to graphs
      </Link>
    </EditorMessage>
  );
}

/** The editor's frame while the graph loads. */
function EditorSkeleton() {
  return (
    <div className={styles.editor} aria-busy="true" aria-label="Loading the editor">
      <div className={styles.header}>
        <span className={`${styles.skeleton} ${styles.skeletonTitle}`} />
      </div>
      <div className={styles.body}>
        <div className={styles.palette}>
          <span className={`${styles.skeleton} ${styles.skeletonBlock}`} />
          <span className={`${styles.skeleton} ${styles.skeletonBlock}`} />
        </div>
        <div className={styles.center}>
          <div className={styles.skeletonCanvas}>
            <span className={`${styles.skeleton} ${styles.skeletonNode}`} />
            <span className={`${styles.skeleton} ${styles.skeletonNode}`} />
            <span className={`${styles.skeleton} ${styles.skeletonNode}`} />
          </div>
        </div>
        <div className={styles.inspector}>
          <span className={`${styles.skeleton} ${styles.skeletonBlock}`} />
        </div>
      </div>
    </div>
  );
}
