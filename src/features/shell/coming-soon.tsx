import type { ReactNode } from "react";

import styles from "./app-shell.module.css";

/**
 * Placeholder for a section that ships in a later release: says what the
 * section will do, so the navigation never leads to a blank page.
 */
export function ComingSoon(props: { icon: ReactNode; title: string; features: string[] }) {
  return (
    <section className={styles.comingSoon} aria-label={props.title}>
      <div className={styles.comingSoonIcon} aria-hidden="true">
        {props.icon}
      </div>
      <span className={styles.comingSoonBadge}>Coming in a later release</span>
      <h2 className={styles.comingSoonTitle}>{props.title}</h2>
      <ul className={styles.comingSoonList}>
        {props.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
