/** The editor's keyboard shortcuts, as the help dialog lists them (Mod = Ctrl, or ⌘ on a Mac). */
export interface ShortcutHelp {
  keys: string[][];
  description: string;
}

export const SHORTCUT_GROUPS: { title: string; shortcuts: ShortcutHelp[] }[] = [
  {
    title: "Create",
    shortcuts: [
      { keys: [["A"]], description: "Add an agent in the middle of the view" },
      { keys: [["Shift", "A"]], description: "Add a sub-agent of the selected agent, with a handoff" },
      { keys: [["Mod", "D"]], description: "Duplicate the selected agents" },
      { keys: [["Mod", "C"]], description: "Copy the selected agents (with the handoffs between them)" },
      { keys: [["Mod", "X"]], description: "Cut the selected agents" },
      { keys: [["Mod", "V"]], description: "Paste (new ids, unique names)" },
    ],
  },
  {
    title: "Edit",
    shortcuts: [
      { keys: [["Delete"], ["Backspace"]], description: "Delete the selection (the main agent stays)" },
      { keys: [["Mod", "Z"]], description: "Undo" },
      {
        keys: [
          ["Mod", "Shift", "Z"],
          ["Mod", "Y"],
        ],
        description: "Redo",
      },
      { keys: [["Mod", "A"]], description: "Select everything" },
      { keys: [["Shift", "Click"]], description: "Add to the selection; Shift+drag draws a selection box" },
      { keys: [["Escape"]], description: "Clear the selection (shows the graph settings)" },
    ],
  },
  {
    title: "View",
    shortcuts: [
      { keys: [["Shift", "L"]], description: "Auto-layout as a top-down tree" },
      { keys: [["Shift", "1"]], description: "Fit the graph in the view" },
      { keys: [["Mod", "K"]], description: "Command palette" },
      { keys: [["Mod", "S"]], description: "Save now" },
      { keys: [["?"]], description: "This list of shortcuts" },
    ],
  },
  {
    title: "On the canvas",
    shortcuts: [
      { keys: [["Tab"]], description: "Move focus between agents and handoffs; Enter selects" },
      { keys: [["Arrow keys"]], description: "Move the selected agents" },
      {
        keys: [["Drag", "handle"]],
        description: "Drag from an agent's bottom handle: onto an agent connects, onto empty canvas creates a child",
      },
    ],
  },
];

/** True when the key event comes from a place that types text (shortcuts stay out of the way there). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(type);
}

/** "Mod" as this platform writes it. */
export function modKeyLabel(): string {
  if (typeof navigator === "undefined") return "Ctrl";
  return /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";
}
