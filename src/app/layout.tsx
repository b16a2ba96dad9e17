import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { AppShell } from "@/features/shell/app-shell";
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
    <html lang="en">
      <body>
        <TRPCReactProvider>
          <AppShell>{children}</AppShell>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
