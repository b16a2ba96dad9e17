"use client";

import type { ColorMode } from "@xyflow/react";
import { useSyncExternalStore } from "react";

/** The attribute the app's theme switch sets on <html>: `light`, `dark`, or absent (follow the system). */
const THEME_ATTRIBUTE = "data-theme";

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [THEME_ATTRIBUTE] });
  return () => observer.disconnect();
}

function read(): ColorMode {
  const theme = document.documentElement.getAttribute(THEME_ATTRIBUTE);
  return theme === "light" || theme === "dark" ? theme : "system";
}

/** React Flow's colour mode, following the theme chosen in the header, else the system's. */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, read, () => "system");
}
