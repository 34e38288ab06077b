import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { defaultTasks, ROADMAP_STORAGE_KEY, type Roadmap } from "./roadmap";
import { createRoadmapStore, isQuotaError, type RoadmapStorage } from "./roadmap.store";

const defaults = defaultTasks(defaultRoadmap);
const ids = (roadmap: Roadmap, groupId: string) => roadmap[groupId].map((task) => task.id);

/** A localStorage that keeps what it is given, or throws like a full (or disabled) one when told to. */
function fakeStorage() {
  const saved = new Map<string, string>();
  const storage = {
    refuse: null as "full" | "off" | null,
    writes: 0,
    setItem(key: string, value: string) {
      storage.writes += 1;
      if (storage.refuse === "full")
        throw new DOMException("Setting the value of 'roadmapTodos' exceeded the quota.", "QuotaExceededError");
      if (storage.refuse === "off") throw new DOMException("Access is denied for this document.", "SecurityError");
      saved.set(key, value);
    },
    saved: () => JSON.parse(saved.get(ROADMAP_STORAGE_KEY) ?? "null") as Roadmap | null,
  };
  return storage satisfies RoadmapStorage;
}

describe("roadmap store: saving", () => {
  it("saves nothing until something changes, then saves every change", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    expect(storage.writes).toBe(0);
    store.toggleTask("planning", "planning-1");
    store.addTask("tour", " Book a van ", " Dylan ", "van000001");
    expect(storage.saved()).toEqual(store.$roadmap.get());
    expect(storage.saved()?.tour.at(-1)).toEqual({
      id: "van000001",
      text: "Book a van",
      completed: false,
      owner: "Dylan",
    });
    expect(store.$saveStatus.get()).toEqual({ saved: true, again: false });
  });

  it("writes nothing for a task without text", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    expect(store.addTask("tour", "   ", "Orla")).toBe(false);
    expect(storage.writes).toBe(0);
    expect(store.$roadmap.get()).toBe(defaults);
  });

  it("keeps a change it could not save on screen, says the storage is full, and says so again when a later save works", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    store.toggleTask("planning", "planning-1");
    const lastSaved = storage.saved();

    storage.refuse = "full";
    store.toggleTask("content", "content-2");
    expect(store.$roadmap.get().content[1].completed).toBe(true);
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "full" });
    expect(storage.saved()).toEqual(lastSaved);

    // Each change tries again; while the storage stays full, the warning stays.
    store.addTask("content", "Record a live session", "");
    expect(storage.writes).toBe(3);
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "full" });

    storage.refuse = null;
    store.toggleTask("tour", "tour-1");
    expect(store.$saveStatus.get()).toEqual({ saved: true, again: true });
    // Everything shown is saved now, the changes made while the storage was full included.
    expect(storage.saved()).toEqual(store.$roadmap.get());
    expect(storage.saved()?.content.at(-1)?.text).toBe("Record a live session");

    store.toggleTask("tour", "tour-2");
    expect(store.$saveStatus.get()).toEqual({ saved: true, again: false });
  });

  it("tells storage that is switched off from storage that is full", () => {
    const storage = fakeStorage();
    storage.refuse = "off";
    const store = createRoadmapStore(defaults, storage);
    store.deleteTask("planning", "planning-1");
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "refused" });
    expect(store.$roadmap.get().planning).toHaveLength(7);
  });

  it("recognises the quota error of each browser", () => {
    expect(isQuotaError(new DOMException("full", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError(new DOMException("full", "NS_ERROR_DOM_QUOTA_REACHED"))).toBe(true);
    expect(isQuotaError(new DOMException("denied", "SecurityError"))).toBe(false);
    expect(isQuotaError(new Error("QuotaExceededError"))).toBe(false);
  });

  it("shows a roadmap another tab saved without writing it again, and saves imports and resets", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    const elsewhere = { ...defaults, tour: [] };
    store.showSavedElsewhere(elsewhere);
    expect(store.$roadmap.get()).toBe(elsewhere);
    expect(storage.writes).toBe(0);
    store.replaceRoadmap(defaults);
    expect(storage.saved()).toEqual(defaults);
  });
});

describe("roadmap store: undoing deletions", () => {
  it("brings back each deleted task where it was, as it was, and saves it", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    store.toggleTask("content", "content-4");
    const before = store.$roadmap.get();
    const first = store.deleteTask("content", "content-4");
    const second = store.deleteTask("content", "content-5");
    const third = store.deleteTask("tour", "tour-1");
    expect(ids(store.$roadmap.get(), "content")).toEqual(["content-1", "content-2", "content-3", "content-6"]);

    // Undone out of order: each restores its own.
    expect(store.undoDelete(first!)).toBe(true);
    expect(store.undoDelete(third!)).toBe(true);
    expect(store.undoDelete(second!)).toBe(true);
    expect(store.$roadmap.get()).toEqual(before);
    expect(storage.saved()).toEqual(before);
    // A second press of an old Undo changes nothing.
    expect(store.undoDelete(first!)).toBe(false);
  });

  it("brings a deleted task back on screen even while the storage is full", () => {
    const storage = fakeStorage();
    const store = createRoadmapStore(defaults, storage);
    const deleted = store.deleteTask("planning", "planning-2");
    storage.refuse = "full";
    store.undoDelete(deleted!);
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "full" });
  });

  it("returns nothing for a task that is not there", () => {
    const store = createRoadmapStore(defaults, fakeStorage());
    expect(store.deleteTask("planning", "gone")).toBeNull();
  });
});
