import type { ReactNode } from "react";

import styles from "./app-shell.module.css";

/** Title block at the top of a page, with optional actions on the right. */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <div className={styles.pageHeaderText}>
        <h1 className={styles.pageTitle}>{props.title}</h1>
        {props.description ? <p className={styles.pageDescription}>{props.description}</p> : null}
      </div>
      {props.actions ? <div className={styles.pageActions}>{props.actions}</div> : null}
    </div>
  );
}
