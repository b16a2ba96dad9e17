import Link from "next/link";
import { Suspense } from "react";

import styles from "./app-shell.module.css";
import { HealthIndicator } from "./health-indicator";
import { MainNav } from "./main-nav";
import { ThemeSwitch } from "./theme-switch";
import { UserMenu } from "./user-menu";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** The product mark: three agents joined by handoffs. */
export function LogoMark() {
  return (
    <svg className={styles.logoMark} viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path
        d="M12 9.5v2.5M7.5 14.5V13a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v1.5"
        fill="none"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <rect x="8.5" y="5" width="7" height="4.5" rx="1.5" fill="#fff" />
      <rect x="4.5" y="14.5" width="6" height="4.5" rx="1.5" fill="#fff" fillOpacity="0.85" />
      <rect x="13.5" y="14.5" width="6" height="4.5" rx="1.5" fill="#fff" fillOpacity="0.85" />
    </svg>
  );
}

/**
 * The app's top bar: product name, workspace switcher, section navigation,
 * theme switch, server status, the signed-in person.
 */
export function AppHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link href="/graphs" className={styles.brand}>
          <LogoMark />
          <span className={styles.brandName}>Agent Graph Studio</span>
        </Link>
        <Suspense fallback={null}>
          <WorkspaceSwitcher />
        </Suspense>
        <MainNav />
        <div className={styles.headerEnd}>
          <ThemeSwitch />
          <HealthIndicator />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
