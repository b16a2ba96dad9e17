/**
 * The theme preference as stored, and the tiny script the root layout runs in
 * <head> before the first paint, so a page never flashes the wrong theme.
 * No "use client": the server renders the script; `./theme` has the hooks.
 */

export type ThemePreference = "system" | "light" | "dark";
export type ResolvedTheme = "light" | "dark";

/** localStorage key of the preference; absent = "system". */
export const THEME_STORAGE_KEY = "ags-theme";

/** Attribute on <html> that globals.css reads: `light`, `dark`, or absent (follow the system). */
export const THEME_ATTRIBUTE = "data-theme";

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === "system" || value === "light" || value === "dark";
}

/**
 * Sets `data-theme` on <html> from localStorage before anything paints.
 * Inline and synchronous by design (a few hundred bytes); storage errors
 * leave the system theme in force.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var t=window.localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t==="light"||t==="dark")document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}catch(e){}})();`;
