// Deleting a task and its Undo: the toast, the window, a held toast, the order of several Undos, a full
// storage and a double-click.
import { describe, expect, it } from "vitest";
import { defaults, ids, setUp } from "./roadmap.fake";
import { UNDO_WINDOW_MS } from "./roadmap.store";
describe("roadmap store: deleting and undoing", () => {
  it("toasts a deletion with Undo, which brings the task back within the window and moves focus to it", () => {
    const { store, storage, time, toasts, lastUndo } = setUp();
    store.toggleTask("content", "content-4");
    const before = store.$roadmap.get();
    store.deleteTask("content", "content-4");
    expect(toasts.at(-1)).toMatchObject({
      title: "Task deleted",
      description: "“Run promotion for the single and EP” was deleted from Content & Strategy.",
      action: { label: "Undo" },
    });
    // Focus goes to the task that took its place.
    expect(store.$focusRequest.get()).toEqual({ groupId: "content", index: 3 });

    time.advance(UNDO_WINDOW_MS - 1);
    lastUndo().onClick();
    expect(store.$roadmap.get()).toEqual(before);
    expect(storage.saved()).toEqual(before);
    expect(store.$focusRequest.get()).toEqual({ taskId: "content-4" });
  });

  it("does nothing for an Undo pressed after the window, or pressed twice", () => {
    const { store, time, lastUndo } = setUp();
    store.deleteTask("tour", "tour-2");
    time.advance(UNDO_WINDOW_MS);
    lastUndo().onClick();
    expect(ids(store.$roadmap.get(), "tour")).not.toContain("tour-2");

    const deleted = store.deleteTask("tour", "tour-3")!;
    expect(store.undoDelete(deleted)).toBe(true);
    expect(store.undoDelete(deleted)).toBe(false);
  });

  it("keeps the Undo working while its toast is held open, and for a full window after it is let go", () => {
    const { store, time, lastUndo } = setUp();
    store.deleteTask("planning", "planning-2");
    const undo = lastUndo();
    time.advance(UNDO_WINDOW_MS - 1000);
    // Focus on the toast and the pointer over it: held until both have left.
    undo.onHold?.(true);
    undo.onHold?.(true);
    time.advance(60_000);
    undo.onHold?.(false);
    time.advance(60_000);
    undo.onHold?.(false);
    time.advance(UNDO_WINDOW_MS - 1);
    undo.onClick();
    expect(store.$roadmap.get()).toEqual(defaults);
  });

  it("brings back each deleted task where it was, as it was, whatever the order of the Undos", () => {
    const { store, storage } = setUp();
    store.toggleTask("content", "content-4");
    const before = store.$roadmap.get();
    const first = store.deleteTask("content", "content-4")!;
    const second = store.deleteTask("content", "content-5")!;
    const third = store.deleteTask("tour", "tour-1")!;
    expect(ids(store.$roadmap.get(), "content")).toEqual(["content-1", "content-2", "content-3", "content-6"]);

    expect(store.undoDelete(first)).toBe(true);
    expect(store.undoDelete(third)).toBe(true);
    expect(store.undoDelete(second)).toBe(true);
    expect(store.$roadmap.get()).toEqual(before);
    expect(storage.saved()).toEqual(before);
  });

  it("brings a deleted task back on screen even while the storage is full", () => {
    const { store, storage, lastUndo } = setUp();
    store.deleteTask("planning", "planning-2");
    storage.refuse = "full";
    lastUndo().onClick();
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "full" });
  });

  it("deletes nothing for the second click of a double-click: not the task that moved up, nor one just added", () => {
    const { store, toasts } = setUp();
    // ✕ double-clicked: the first click deletes planning-1, the second lands on planning-2, now in its row.
    store.deleteTask("planning", "planning-1", 1);
    expect(store.deleteTask("planning", "planning-2", 2)).toBeNull();
    expect(ids(store.$roadmap.get(), "planning")[0]).toBe("planning-2");

    // Add double-clicked: the second click submits the emptied form, or lands on whatever is under it.
    expect(store.addTask("tour", "Book the ferry", "Dylan")).toBe(true);
    expect(store.addTask("tour", "", "")).toBe(false);
    const added = store.$roadmap.get().tour.at(-1)!;
    expect(store.deleteTask("tour", added.id, 2)).toBeNull();
    expect(store.$roadmap.get().tour).toHaveLength(8);
    expect(toasts).toHaveLength(1);
  });

  it("returns nothing for a task that is not there, and forgets pending Undos when stopped", () => {
    const { store, lastUndo } = setUp();
    expect(store.deleteTask("planning", "gone")).toBeNull();
    store.deleteTask("planning", "planning-3");
    store.stop();
    lastUndo().onClick();
    expect(ids(store.$roadmap.get(), "planning")).not.toContain("planning-3");
  });
});
