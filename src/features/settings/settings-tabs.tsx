"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { SETTINGS_TABS } from "./settings-sections";
import styles from "./settings.module.css";

/** Tab links between the Settings sections (links, so each section has its own URL). */
export function SettingsTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings sections" className={styles.tabs}>
      {SETTINGS_TABS.map((tab) => {
        const active = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
        return (
          <Link key={tab.href} href={tab.href} className={styles.tab} aria-current={active ? "page" : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
