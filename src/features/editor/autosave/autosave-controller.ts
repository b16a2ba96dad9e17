import type { GraphDocument } from "@/core/graph/schema";

import type { EditorStore } from "../store/editor-store";
import { differsOnlyInView } from "../store/viewport";

/** Saves a draft on the server; resolves with the new revision. */
export type SaveDraft = (input: { revision: number; draft: GraphDocument }) => Promise<{ revision: number }>;

/** What a failed save means: another tab saved first (with the server's revision), or something else. */
export type SaveFailure = { kind: "conflict"; currentRevision: number } | { kind: "error"; message: string };

export interface AutosaveOptions {
  save: SaveDraft;
  classify: (error: unknown) => SaveFailure;
  /** Quiet time after the last change before saving. */
  delayMs?: number;
}

/**
 * Debounced autosave of the store's draft with optimistic concurrency: each
 * save sends the revision it last read, one save at a time, and changes made
 * during a save are saved after it. A conflict stops autosaving until the
 * person chooses (reload theirs, or overwrite with mine): never silently.
 */
export class AutosaveController {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly delayMs: number;

  constructor(
    private readonly store: EditorStore,
    private readonly options: AutosaveOptions,
  ) {
    this.delayMs = options.delayMs ?? 800;
  }

  /**
   * True while the draft has unsaved edits beyond where the canvas looks: an
   * unsaved pan or zoom alone is not worth a "leave the page?" prompt.
   */
  get hasUnsavedEdits(): boolean {
    const state = this.store.getState();
    return !differsOnlyInView(state.savedDocument, state.document);
  }

  /** Starts watching the draft (idempotent). */
  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.store.subscribe((state, previous) => {
      if (state.document !== previous.document) this.schedule();
    });
    this.schedule();
  }

  /** True while the draft differs from what the server holds. */
  get dirty(): boolean {
    const state = this.store.getState();
    return state.document !== state.savedDocument;
  }

  /**
   * Stops watching. Pending changes are saved right away (leaving the editor
   * through an in-app link fires no `beforeunload`), and a save in flight completes.
   */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const pending = this.timer !== null;
    this.clearTimer();
    if (pending && this.dirty) void this.saveNow();
  }

  /** Saves now (pending changes, then waits for any save in flight). Rejects when the draft could not be saved. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (this.dirty && this.store.getState().save.status !== "conflict") await this.saveNow();
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    const { save } = this.store.getState();
    if (save.status === "conflict") throw new Error("Another tab saved this graph: choose which draft to keep first.");
    if (save.status === "error") throw new Error(save.error ?? "The draft could not be saved.");
  }

  /** Tries again after an error. */
  async retry(): Promise<void> {
    await this.saveNow();
    this.throwIfFailed();
  }

  /** After a conflict: saves this tab's draft over the server's `currentRevision`. */
  async overwrite(): Promise<void> {
    const { save } = this.store.getState();
    if (save.conflictRevision === null) return;
    this.store.setState({ revision: save.conflictRevision });
    this.store.getState().setSave({ status: "unsaved", conflictRevision: null });
    await this.saveNow();
    this.throwIfFailed();
  }

  /**
   * A pan or zoom alone is not saved by itself: it would bump the revision
   * and give another tab open on this graph a conflict for looking around.
   * The view rides along with the next edit (or a flush).
   */
  private schedule(): void {
    const status = this.store.getState().save.status;
    if (status === "conflict" || !this.hasUnsavedEdits) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, this.delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private saveNow(): Promise<void> {
    this.clearTimer();
    if (this.inFlight) return this.inFlight.then(() => (this.dirty ? this.saveNow() : undefined));
    const run = this.send().finally(() => {
      this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  }

  private async send(): Promise<void> {
    const state = this.store.getState();
    if (state.save.status === "conflict") return;
    const draft = state.document;
    if (draft === state.savedDocument) return;
    state.setSave({ status: "saving", error: null });
    try {
      const result = await this.options.save({ revision: state.revision, draft });
      this.store.getState().markSaved(draft, result.revision);
      if (this.dirty) this.schedule();
    } catch (error) {
      const failure = this.options.classify(error);
      if (failure.kind === "conflict") {
        this.store.getState().setSave({ status: "conflict", conflictRevision: failure.currentRevision, error: null });
      } else {
        this.store.getState().setSave({ status: "error", error: failure.message });
      }
    }
  }
}
