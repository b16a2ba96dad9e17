"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { ToggleGroup } from "radix-ui";

import { useThemePreference, type ThemePreference } from "@/lib/theme";
import { THEME_CHOICE_ATTRIBUTE } from "@/lib/theme-script";

import styles from "./app-shell.module.css";

const OPTIONS: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: "system", label: "System theme", icon: Monitor },
  { value: "light", label: "Light theme", icon: Sun },
  { value: "dark", label: "Dark theme", icon: Moon },
];

/** System / Light / Dark, saved in this browser (localStorage) and applied at once. */
export function ThemeSwitch() {
  const [preference, setPreference] = useThemePreference();
  return (
    <ToggleGroup.Root
      type="single"
      className={styles.themeSwitch}
      aria-label="Theme"
      value={preference}
      // Radix gives "" when the pressed item is clicked again: keep the choice.
      onValueChange={(value) => value && setPreference(value as ThemePreference)}
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          aria-label={label}
          title={label}
          className={styles.themeOption}
          // The inline theme script handles clicks on these before hydration.
          {...{ [THEME_CHOICE_ATTRIBUTE]: value }}
        >
          <Icon aria-hidden="true" size={15} />
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
