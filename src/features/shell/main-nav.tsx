"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import styles from "./app-shell.module.css";
import { isActiveSection, NAV_ITEMS } from "./nav-items";

/** The header's section links; highlights the section being viewed. */
export function MainNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.navList}>
        {NAV_ITEMS.map((item) => {
          const active = isActiveSection(pathname, item.href);
          return (
            <li key={item.href}>
              <Link href={item.href} className={styles.navLink} aria-current={active ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
