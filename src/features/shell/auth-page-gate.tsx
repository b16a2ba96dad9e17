"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * Pages that stand alone, without the app's header (nobody may be signed in
 * there yet): sign-in, sign-up, and invite links, which a signed-out visitor
 * must be able to read (the header's user menu would send them to sign-in).
 */
const STANDALONE = ["/sign-in", "/sign-up", "/invite"];

/** Renders `children` (the header) everywhere but on the sign-in, sign-up and invite pages. */
export function HiddenOnAuthPages({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  if (STANDALONE.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return null;
  return children;
}
