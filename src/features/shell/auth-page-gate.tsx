"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Pages that stand alone, without the app's header (nobody is signed in there yet). */
const STANDALONE = ["/sign-in", "/sign-up"];

/** Renders `children` (the header) everywhere but on the sign-in and sign-up pages. */
export function HiddenOnAuthPages({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  if (STANDALONE.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return null;
  return children;
}
