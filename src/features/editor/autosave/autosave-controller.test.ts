import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { graphDocumentSchema, type GraphDocument } from "@/core/graph/schema";

import { createEditorStore } from "../store/editor-store";
import { AutosaveController, type SaveDraft } from "./autosave-controller";
import { classifySaveError } from "./classify-save-error";

function doc(): GraphDocument {
  return graphDocumentSchema.parse({
    schemaVersion: 1,
    name: "Team",
    rootAgentId: "lead",
    agents: [{ id: "lead", name: "Lead" }],
  });
}

const renamed = (document: GraphDocument, name: string): GraphDocument => ({ ...document, name });

function conflict(currentRevision: number) {
  return Object.assign(new Error(`Revision conflict: the draft is at revision ${currentRevision}`), {
    data: { code: "CONFLICT", currentRevision },
  });
}

function setup(save: SaveDraft) {
  const store = createEditorStore({ graphId: "g", document: doc(), revision: 3 });
  const controller = new AutosaveController(store, { save, classify: classifySaveError, delayMs: 800 });
  controller.start();
  return { store, controller };
}

describe("autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves once after a quiet period, with the revision it read", async () => {
    const save = vi.fn<SaveDraft>(async ({ revision }) => ({ revision: revision + 1 }));
    const { store } = setup(save);
    store.getState().change(renamed(store.getState().document, "A"), "Rename");
    store.getState().change(renamed(store.getState().document, "AB"), "Rename");
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ revision: 3, draft: { name: "AB" } });
    expect(store.getState()).toMatchObject({ revision: 4, save: { status: "saved" } });
  });

  it("saves a pan or zoom with the next edit, never alone (no revision bump, no conflict for other tabs)", async () => {
    const save = vi.fn<SaveDraft>(async ({ revision }) => ({ revision: revision + 1 }));
    const { store, controller } = setup(save);
    store.getState().setViewport({ x: 5, y: 6, zoom: 0.75 });
    expect(controller.dirty).toBe(true);
    expect(controller.hasUnsavedEdits).toBe(false);
    expect(store.getState().save.status).toBe("saved");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).not.toHaveBeenCalled();
    store.getState().change(renamed(store.getState().document, "A"), "Rename");
    expect(controller.hasUnsavedEdits).toBe(true);
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0].draft.ui).toEqual({ viewport: { x: 5, y: 6, zoom: 0.75 } });
  });

  it("flush saves at once and resolves when saved", async () => {
    const save = vi.fn<SaveDraft>(async ({ revision }) => ({ revision: revision + 1 }));
    const { store, controller } = setup(save);
    store.getState().change(renamed(store.getState().document, "A"), "Rename");
    await controller.flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(controller.dirty).toBe(false);
  });

  it("a conflict stops autosaving until the person overwrites with the server's revision", async () => {
    const save = vi
      .fn<SaveDraft>()
      .mockRejectedValueOnce(conflict(7))
      .mockImplementation(async ({ revision }) => ({ revision: revision + 1 }));
    const { store, controller } = setup(save);
    store.getState().change(renamed(store.getState().document, "Mine"), "Rename");
    await vi.advanceTimersByTimeAsync(800);
    expect(store.getState().save).toMatchObject({ status: "conflict", conflictRevision: 7 });

    store.getState().change(renamed(store.getState().document, "Mine 2"), "Rename 2");
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    await expect(controller.flush()).rejects.toThrow(/choose which draft/);

    await controller.overwrite();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0]).toMatchObject({ revision: 7, draft: { name: "Mine 2" } });
    expect(store.getState()).toMatchObject({ revision: 8, save: { status: "saved" } });
  });

  it("reports other failures and retries on request", async () => {
    const save = vi.fn<SaveDraft>().mockRejectedValueOnce(new Error("network down")).mockResolvedValue({ revision: 4 });
    const { store, controller } = setup(save);
    store.getState().change(renamed(store.getState().document, "A"), "Rename");
    await vi.advanceTimersByTimeAsync(800);
    expect(store.getState().save).toMatchObject({ status: "error", error: "network down" });
    await controller.retry();
    expect(store.getState().save.status).toBe("saved");
  });

  it("changes made during a save are saved after it", async () => {
    let release: (value: { revision: number }) => void = () => {};
    const save = vi
      .fn<SaveDraft>()
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
      .mockImplementation(async ({ revision }) => ({ revision: revision + 1 }));
    const { store } = setup(save);
    store.getState().change(renamed(store.getState().document, "A"), "Rename");
    await vi.advanceTimersByTimeAsync(800);
    store.getState().change(renamed(store.getState().document, "B"), "Other");
    release({ revision: 4 });
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0]).toMatchObject({ revision: 4, draft: { name: "B" } });
    expect(store.getState().save.status).toBe("saved");
  });
});

it("undo and redo around a save end saved, not unsaved", async () => {
  vi.useFakeTimers();
  const save = vi.fn<SaveDraft>(async ({ revision }) => ({ revision: revision + 1 }));
  const { store } = setup(save);
  store.getState().commit(renamed(store.getState().document, "X"), "Rename");
  await vi.advanceTimersByTimeAsync(800);
  store.getState().undo();
  expect(store.getState().save.status).toBe("unsaved");
  store.getState().redo();
  expect(store.getState().save.status).toBe("saved");
  await vi.advanceTimersByTimeAsync(2000);
  expect(save).toHaveBeenCalledTimes(1);
  vi.useRealTimers();
});

it("stopping with a save pending saves at once", async () => {
  vi.useFakeTimers();
  const save = vi.fn<SaveDraft>(async ({ revision }) => ({ revision: revision + 1 }));
  const { store, controller } = setup(save);
  store.getState().change(renamed(store.getState().document, "Leaving"), "Rename");
  controller.stop();
  await vi.advanceTimersByTimeAsync(0);
  expect(save).toHaveBeenCalledTimes(1);
  expect(store.getState().save.status).toBe("saved");
  vi.useRealTimers();
});

describe("classifySaveError", () => {
  it("reads the current revision of a conflict", () => {
    expect(classifySaveError(conflict(9))).toEqual({ kind: "conflict", currentRevision: 9 });
    expect(classifySaveError({ message: "at revision 12", data: { code: "CONFLICT" } })).toEqual({
      kind: "conflict",
      currentRevision: 12,
    });
    expect(classifySaveError(new Error("boom"))).toEqual({ kind: "error", message: "boom" });
  });
});
