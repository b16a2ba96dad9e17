import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { THEME_CHOICE_ATTRIBUTE, THEME_INIT_SCRIPT, THEME_STORAGE_KEY, isThemePreference } from "./theme-script";

type ClickListener = (event: { target: unknown }) => void;

/** Runs the inline script against a fake window, <html> and storage; returns what a test needs to look at. */
function loadScript(stored: string | null, storageThrows = false) {
  const attributes = new Map<string, string>();
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const listeners: { type: string; listener: ClickListener; capture: unknown }[] = [];
  const blockable = <T>(fn: () => T): T => {
    if (storageThrows) throw new Error("SecurityError");
    return fn();
  };
  const window = {
    localStorage: {
      getItem: (key: string) => blockable(() => storage.get(key) ?? null),
      setItem: (key: string, value: string) => blockable(() => void storage.set(key, value)),
      removeItem: (key: string) => blockable(() => void storage.delete(key)),
    },
  };
  const document = {
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    },
    addEventListener: (type: string, listener: ClickListener, capture: unknown) =>
      listeners.push({ type, listener, capture }),
  };
  new Function("window", "document", THEME_INIT_SCRIPT)(window, document);
  /** A click on an element inside a theme button with `choice` (or on an unrelated element for undefined). */
  const click = (choice: string | undefined) => {
    const button = { getAttribute: (name: string) => (name === THEME_CHOICE_ATTRIBUTE ? choice : null) };
    const target = {
      closest: (selector: string) =>
        choice !== undefined && selector.includes(THEME_CHOICE_ATTRIBUTE) ? button : null,
    };
    for (const { type, listener } of listeners) if (type === "click") listener({ target });
  };
  return {
    theme: () => attributes.get("data-theme") ?? null,
    stored: () => storage.get(THEME_STORAGE_KEY) ?? null,
    click,
    listeners,
  };
}

const runScript = (stored: string | null, storageThrows = false) => loadScript(stored, storageThrows).theme();

describe("THEME_INIT_SCRIPT", () => {
  it("puts a saved Light or Dark choice on <html> before the first paint", () => {
    expect(runScript("dark")).toBe("dark");
    expect(runScript("light")).toBe("light");
  });

  it("leaves the system theme in force without a choice, with junk, or when storage is blocked", () => {
    expect(runScript(null)).toBeNull();
    expect(runScript("system")).toBeNull();
    expect(runScript('"><script>')).toBeNull();
    expect(runScript("dark", true)).toBeNull();
  });

  it("makes the header's theme buttons work before the app's JavaScript has loaded", () => {
    const page = loadScript(null);
    expect(page.listeners).toEqual([expect.objectContaining({ type: "click", capture: true })]);
    page.click("dark");
    expect([page.theme(), page.stored()]).toEqual(["dark", "dark"]);
    page.click("light");
    expect([page.theme(), page.stored()]).toEqual(["light", "light"]);
    page.click(undefined); // a click elsewhere changes nothing
    page.click("sepia"); // nor does a button with an unknown choice
    expect([page.theme(), page.stored()]).toEqual(["light", "light"]);
    page.click("system");
    expect([page.theme(), page.stored()]).toEqual([null, null]);
  });

  it("still applies a click to this page when storage is blocked", () => {
    const page = loadScript(null, true);
    page.click("dark");
    expect(page.theme()).toBe("dark");
  });

  it("accepts only the three preferences", () => {
    expect(["system", "light", "dark", "Dark", "", null].map(isThemePreference)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("globals.css", () => {
  const css = readFileSync(join(process.cwd(), "src/app/globals.css"), "utf8");
  /** The declarations of the first rule whose selector is exactly `selector`, whitespace-normalised. */
  const declarations = (selector: string) => {
    const start = css.indexOf(`${selector} {`);
    expect(start, `globals.css has no "${selector}" rule`).toBeGreaterThanOrEqual(0);
    const body = css.slice(start + selector.length + 2, css.indexOf("}", start));
    return body
      .split(";")
      .map((d) => d.trim().replace(/\s+/g, " "))
      .filter(Boolean);
  };

  it("forces the dark tokens with data-theme=dark exactly as the system's dark preference gives them", () => {
    const forced = declarations(':root[data-theme="dark"]');
    const system = declarations(':root:not([data-theme="light"])');
    expect(forced.length).toBeGreaterThan(10);
    expect(forced).toEqual(system);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{/);
  });

  it("overrides every light token in the dark theme", () => {
    const light = declarations(":root").map((d) => d.split(":")[0]);
    const dark = new Set(declarations(':root[data-theme="dark"]').map((d) => d.split(":")[0]));
    const colours = light.filter((name) => name.startsWith("--color-") || name.startsWith("--shadow-"));
    expect(colours.filter((name) => !dark.has(name))).toEqual([]);
  });
});
