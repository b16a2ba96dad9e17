import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { THEME_INIT_SCRIPT, THEME_STORAGE_KEY, isThemePreference } from "./theme-script";

/** Runs the inline script against a fake window and <html>, returning the data-theme it set (or null). */
function runScript(stored: string | null, storageThrows = false): string | null {
  const attributes = new Map<string, string>();
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("SecurityError");
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  new Function("window", "document", THEME_INIT_SCRIPT)(window, document);
  return attributes.get("data-theme") ?? null;
}

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
