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

/** Attribute of the header's theme buttons naming their choice, read by the inline script below. */
export const THEME_CHOICE_ATTRIBUTE = "data-theme-choice";

/**
 * Sets `data-theme` on <html> from localStorage before anything paints, and
 * makes the header's theme buttons work before the app's JavaScript has
 * loaded (a click on a slow connection is not lost; after hydration React
 * applies the same choice again, which changes nothing). Inline and
 * synchronous by design (a few hundred bytes); storage errors leave the
 * system theme in force.
 */
export const THEME_INIT_SCRIPT = `(function(){var k=${JSON.stringify(THEME_STORAGE_KEY)},a=${JSON.stringify(
  THEME_ATTRIBUTE,
)},r=document.documentElement;try{var t=window.localStorage.getItem(k);if(t==="light"||t==="dark")r.setAttribute(a,t)}catch(e){}document.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("[${THEME_CHOICE_ATTRIBUTE}]");if(!b)return;var v=b.getAttribute("${THEME_CHOICE_ATTRIBUTE}");if(v!=="system"&&v!=="light"&&v!=="dark")return;try{if(v==="system")window.localStorage.removeItem(k);else window.localStorage.setItem(k,v)}catch(e){}if(v==="system")r.removeAttribute(a);else r.setAttribute(a,v)},true)})();`;
