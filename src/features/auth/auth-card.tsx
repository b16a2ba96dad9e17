import type { ReactNode } from "react";

import styles from "./auth.module.css";

/** The frame of the sign-in and sign-up pages: product mark and name, a title, a lead sentence, the form. */
export function AuthCard(props: { logo: ReactNode; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.brand}>
          {props.logo}
          <span className={styles.brandName}>Agent Graph Studio</span>
        </div>
        <h1 id="auth-title" className={styles.title}>
          {props.title}
        </h1>
        <p className={styles.lead}>{props.lead}</p>
        {props.children}
      </section>
    </div>
  );
}
