import type { ReactNode } from "react";
import { Toaster } from "sonner";

import { AppHeader } from "./app-header";
import { HiddenOnAuthPages } from "./auth-page-gate";
import styles from "./app-shell.module.css";

/** The frame around every page: header on top, the page's content below. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <HiddenOnAuthPages>
        <a href="#content" className="visually-hidden">
          Skip to content
        </a>
        <AppHeader />
      </HiddenOnAuthPages>
      <main id="content" className={styles.main}>
        {children}
      </main>
      {/* Results of actions (created, exported, couldn't import…) from every page. */}
      <Toaster position="bottom-right" theme="system" richColors closeButton />
    </>
  );
}
