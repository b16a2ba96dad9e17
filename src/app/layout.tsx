import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { AppShell } from "@/features/shell/app-shell";
import { THEME_INIT_SCRIPT } from "@/lib/theme-script";
import { TRPCReactProvider } from "@/trpc/react";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Agent Graph Studio", template: "%s · Agent Graph Studio" },
  description: "Design multi-agent systems visually, run them in a playground and review their traces.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#12151c" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline script sets data-theme on <html> before the first paint (the saved
    // Light/Dark choice), so React never rendered that attribute: hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body>
        <TRPCReactProvider>
          <AppShell>{children}</AppShell>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
