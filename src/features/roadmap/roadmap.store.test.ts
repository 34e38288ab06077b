import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { ROADMAP_STORAGE_KEY, ROADMAP_UNREADABLE_KEY, roadmapReducer } from "./roadmap";
import { parseBackup } from "./roadmap.backup";
import { defaults, fakeStorage, setUp } from "./roadmap.fake";
import { isQuotaError } from "./roadmap.store";

describe("roadmap store: loading", () => {
  it("shows the stored roadmap, and the defaults without writing anything when nothing is stored", () => {
    const worked = roadmapReducer(defaults, { type: "toggle", groupId: "tour", taskId: "tour-3" });
    expect(setUp(fakeStorage({ [ROADMAP_STORAGE_KEY]: JSON.stringify(worked) })).store.$roadmap.get()).toEqual(worked);

    const { store, storage } = setUp();
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(storage.writes).toBe(0);
    expect(store.$keptCopies.get()).toEqual([]);
  });

  it.each([
    ["garbage JSON", '{"planning": [{"id": 1}]', "it is not valid JSON"],
    ["the wrong shape", "[1, 2, 3]", "it is not a roadmap"],
    ["a group missing", '{"planning": []}', "the “Content & Strategy” group is missing"],
  ])("shows the defaults for %s, and keeps the value aside, saying why", (_label, bad, reason) => {
    const { store, storage, warn } = setUp(fakeStorage({ [ROADMAP_STORAGE_KEY]: bad }));
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(storage.raw(ROADMAP_UNREADABLE_KEY)).toBe(bad);
    // Replaced by the defaults once kept, so the next visit does not trip over it again.
    expect(storage.saved()).toEqual(defaults);
    expect(store.$keptCopies.get()).toEqual([{ reason, raw: bad, key: ROADMAP_UNREADABLE_KEY, justNow: true }]);
    expect(warn).toHaveBeenCalledWith(`Stored roadmap ignored (${reason}); kept under "${ROADMAP_UNREADABLE_KEY}".`);
  });

  it("keeps a second unreadable value under a dated key, never over the first, and tells of both, oldest last", () => {
    const storage = fakeStorage({ [ROADMAP_STORAGE_KEY]: "{second", [ROADMAP_UNREADABLE_KEY]: "{first" });
    const { store, time } = setUp(storage);
    const dated = `${ROADMAP_UNREADABLE_KEY}.${time.now()}`;
    expect(storage.raw(dated)).toBe("{second");
    expect(storage.raw(ROADMAP_UNREADABLE_KEY)).toBe("{first");
    expect(store.$keptCopies.get().map((copy) => [copy.key, copy.justNow])).toEqual([
      [dated, true],
      [ROADMAP_UNREADABLE_KEY, false],
    ]);
  });

  it("leaves an unreadable value in place when there is no room to keep it aside, until the next change", () => {
    const storage = fakeStorage({ [ROADMAP_STORAGE_KEY]: "[1, 2, 3]" });
    storage.refuse = "full";
    const { store } = setUp(storage);
    expect(store.$keptCopies.get()).toEqual([
      { reason: "it is not a roadmap", raw: "[1, 2, 3]", key: null, justNow: true },
    ]);
    expect(storage.raw(ROADMAP_STORAGE_KEY)).toBe("[1, 2, 3]");

    // The notice says the next change replaces it; it does once there is room.
    store.dismissKeptCopy(store.$keptCopies.get()[0]);
    expect(store.$keptCopies.get()).toEqual([]);
    storage.refuse = null;
    store.toggleTask("tour", "tour-1");
    expect(storage.saved()).toEqual(store.$roadmap.get());
  });

  it("does not write over a stored value it could not read, and keeps it aside once it can", () => {
    const theirs = JSON.stringify(
      roadmapReducer(defaults, { type: "toggle", groupId: "planning", taskId: "planning-1" }),
    );
    const storage = fakeStorage({ [ROADMAP_STORAGE_KEY]: theirs });
    storage.refuse = "unreadable";
    const { store } = setUp(storage);
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(store.$keptCopies.get()).toEqual([]);

    store.toggleTask("tour", "tour-1");
    expect(store.$saveStatus.get()).toEqual({ saved: false, reason: "refused" });
    expect(storage.writes).toBe(0);
    expect(storage.raw(ROADMAP_STORAGE_KEY)).toBe(theirs);

    storage.refuse = null;
    store.toggleTask("tour", "tour-2");
    expect(store.$saveStatus.get()).toEqual({ saved: true, again: true });
    expect(storage.saved()).toEqual(store.$roadmap.get());
    expect(storage.raw(ROADMAP_UNREADABLE_KEY)).toBe(theirs);
    expect(store.$keptCopies.get()).toEqual([
      { reason: "it was set aside earlier", raw: theirs, key: ROADMAP_UNREADABLE_KEY, justNow: false },
    ]);
  });

  it("deletes a kept copy from storage once confirmed, and then tells of the next", () => {
    const storage = fakeStorage({
      [`${ROADMAP_UNREADABLE_KEY}.1735689600000`]: "{second",
      [ROADMAP_UNREADABLE_KEY]: "{first",
    });
    const { store } = setUp(storage);
    const [first, second] = store.$keptCopies.get();
    expect([first.raw, second.raw]).toEqual(["{first", "{second"]);
    store.deleteKeptCopy(first);
    expect(storage.raw(ROADMAP_UNREADABLE_KEY)).toBeNull();
    expect(store.$keptCopies.get()).toEqual([second]);
  });
});

describe("roadmap store: saving", () => {
  it("saves nothing until something changes, then saves every change", () => {
    const { store, storage } = setUp();
    store.toggleTask("planning", "planning-1");
    store.addTask("tour", " Book a van ", " Dylan ");
    expect(storage.saved()).toEqual(store.$roadmap.get());
    expect(storage.saved()?.tour.at(-1)).toMatchObject({ text: "Book a van", completed: false, owner: "Dylan" });
    expect(store.$saveStatus.get()).toEqual({ saved: true, again: false });
  });

  it("writes nothing for a task without text", () => {
    const { store, storage } = setUp();
    expect(store.addTask("tour", "   ", "Orla")).toBe(false);
    expect(storage.writes).toBe(0);
    expect(store.$roadmap.get()).toEqual(defaults);
  });

  it("keeps a change it could not save on screen, says the storage is full, and says so again when a later save works", () => {
    const { store, storage } = setUp();
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
    const { store, storage } = setUp();
    storage.refuse = "off";
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

  it("shows what another tab saved without writing it again, and the defaults when that tab cleared the storage", () => {
    const { store, storage } = setUp();
    const elsewhere = { ...defaults, tour: [] };
    store.syncFromOtherTab(ROADMAP_STORAGE_KEY, JSON.stringify(elsewhere));
    expect(store.$roadmap.get()).toEqual(elsewhere);
    store.syncFromOtherTab("contacts", "[]");
    store.syncFromOtherTab(ROADMAP_STORAGE_KEY, "{half-written");
    expect(store.$roadmap.get()).toEqual(elsewhere);
    store.syncFromOtherTab(null, null);
    expect(store.$roadmap.get()).toEqual(defaults);
    expect(storage.writes).toBe(0);
  });

  it("saves a confirmed import and a reset", () => {
    const { store, storage } = setUp();
    const imported = { ...defaults, content: [] };
    store.replaceRoadmap(imported);
    expect(storage.saved()).toEqual(imported);
    store.reset();
    expect(storage.saved()).toEqual(defaults);
  });

  it("exports what is on screen, named by the local date of the clock", () => {
    const { store } = setUp();
    store.toggleTask("content", "content-1");
    const file = store.exportBackup();
    expect(file.name).toBe("roadmap-2026-11-22.json");
    expect(file.type).toBe("application/json");
    expect(parseBackup(file.text, defaultRoadmap)).toEqual({ ok: true, roadmap: store.$roadmap.get() });
  });
});
