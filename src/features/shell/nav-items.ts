/** A top-level section of the app, shown in the header navigation. */
export interface NavItem {
  href: string;
  label: string;
}

/** The app's sections, in header order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/graphs", label: "Graphs" },
  { href: "/playground", label: "Playground" },
  { href: "/traces", label: "Traces" },
  { href: "/costs", label: "Costs" },
  { href: "/settings", label: "Settings" },
];

/** True when `pathname` is the section at `href` or a page inside it. */
export function isActiveSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
