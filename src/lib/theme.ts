"use client";

import { useCallback, useSyncExternalStore } from "react";

import {
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  isThemePreference,
  type ResolvedTheme,
  type ThemePreference,
} from "./theme-script";

export { THEME_STORAGE_KEY, type ResolvedTheme, type ThemePreference } from "./theme-script";

/** Fired on `window` when this tab changes the preference (the `storage` event covers other tabs). */
const CHANGE_EVENT = "ags-theme-change";
const DARK_QUERY = "(prefers-color-scheme: dark)";

function readPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : "system";
  } catch {
    // Storage can be blocked (privacy settings); the system theme applies then.
    return "system";
  }
}

function systemTheme(): ResolvedTheme {
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** Puts the preference on <html>: `data-theme="light" | "dark"`, none for "system" (the media query decides). */
function applyPreference(preference: ThemePreference): void {
  const root = document.documentElement;
  if (preference === "system") root.removeAttribute(THEME_ATTRIBUTE);
  else root.setAttribute(THEME_ATTRIBUTE, preference);
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyPreference(readPreference());
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  media.addEventListener("change", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
    media.removeEventListener("change", onChange);
  };
}

/** Saves and applies a preference at once (every hook in every component follows). */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted when storage is blocked; still applied to this page.
  }
  applyPreference(preference);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The person's choice — System, Light or Dark — and a setter that persists it in localStorage. */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readPreference, () => "system" as const);
  const set = useCallback((next: ThemePreference) => setThemePreference(next), []);
  return [preference, set];
}

/**
 * The theme in force, "light" or "dark": the chosen one, or the system's for
 * "System" (following it live). For components that need the value rather
 * than the CSS variables, e.g. React Flow's `colorMode`. "light" during
 * server rendering, then the real value right after hydration.
 */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(
    subscribe,
    () => {
      const preference = readPreference();
      return preference === "system" ? systemTheme() : preference;
    },
    () => "light" as const,
  );
}
