import styles from "./graph-list.module.css";

/** Shown when the workspace has no graphs yet. */
export function GraphListEmpty() {
  return (
    <section className={styles.empty} aria-labelledby="graphs-empty-title">
      <svg className={styles.emptyArt} viewBox="0 0 120 72" aria-hidden="true">
        <path d="M60 24 20 48M60 24v24M60 24l40 24" className={styles.emptyArtEdge} />
        <rect x="42" y="6" width="36" height="18" rx="5" className={styles.emptyArtRoot} />
        <rect x="4" y="48" width="32" height="18" rx="5" className={styles.emptyArtNode} />
        <rect x="44" y="48" width="32" height="18" rx="5" className={styles.emptyArtNode} />
        <rect x="84" y="48" width="32" height="18" rx="5" className={styles.emptyArtNode} />
      </svg>
      <h2 id="graphs-empty-title" className={styles.emptyTitle}>
        No graphs yet
      </h2>
      <p className={styles.emptyText}>
        A graph is a team of agents and the handoffs between them: a main agent that delegates work to specialists, in
        parallel or in the background.
      </p>
      <p className={styles.emptyHint}>
        Start one with <strong>New graph</strong> (blank or from an example team), or <strong>Import</strong> a graph
        JSON file or a zip of Markdown agent specs.
      </p>
    </section>
  );
}
