/** The Settings sections, in tab order; each is its own page under /settings. */
export const SETTINGS_TABS = [
  { href: "/settings/providers", label: "Providers" },
  { href: "/settings/prices", label: "Prices" },
  { href: "/settings/tools", label: "Tools" },
  { href: "/settings/members", label: "Members" },
] as const;
