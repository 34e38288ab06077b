// A form kept in the tab's storage (keepInTab): back as it was typed after a reload, never what the form could not
// show, and still typed in memory when the browser refuses the storage.
import { atom } from "nanostores";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { forgetKeptInTab } from "./forget-kept-in-tab";
import { dropFromTab, keepInTab, stringsLike } from "./kept-in-tab";

type Draft = { title: string; type: string };
const blank: Draft = { title: "", type: "gig" };
const read = (kept: unknown) => stringsLike(kept, blank);

/** A draft store kept under "stagedoor.draft" in `storage`, as a page would make it on loading. */
function keptDraft(storage: ReturnType<typeof memoryStorage>) {
  const $draft = atom<Draft | null>(null);
  keepInTab($draft, "stagedoor.draft", read, undefined, storage);
  return $draft;
}

describe("a form kept in the tab", () => {
  it("comes back as typed on the next load, and is forgotten once emptied", () => {
    const storage = memoryStorage();
    keptDraft(storage).set({ title: "Orla at the Cornmarket", type: "rehearsal" });
    const $reloaded = keptDraft(storage);
    expect($reloaded.get()).toEqual({ title: "Orla at the Cornmarket", type: "rehearsal" });
    $reloaded.set(null);
    expect(storage.raw("stagedoor.draft")).toBeNull();
    expect(keptDraft(storage).get()).toBeNull();
  });

  it("fills what an older page did not keep from the blank form", () => {
    const $draft = keptDraft(memoryStorage({ "stagedoor.draft": JSON.stringify({ title: "Soundcheck" }) }));
    expect($draft.get()).toEqual({ title: "Soundcheck", type: "gig" });
  });

  it.each([
    ["text that is not JSON", "{title"],
    ["a field the form has not", JSON.stringify({ title: "x", venue: "y" })],
    ["a field that is not text", JSON.stringify({ title: 12 })],
    ["a list", JSON.stringify(["x"])],
    ["nothing", "null"],
    ["a field named as the object's own", JSON.stringify({ title: "x", toString: "y" })],
  ])("drops %s, and starts the form blank", (_, kept) => {
    const storage = memoryStorage({ "stagedoor.draft": kept });
    expect(keptDraft(storage).get()).toBeNull();
    expect(storage.raw("stagedoor.draft")).toBeNull();
  });

  it("keeps typing in memory when the storage is full, and what was kept before is not brought back", () => {
    const storage = memoryStorage();
    const $draft = keptDraft(storage);
    $draft.set({ title: "First", type: "gig" });
    storage.refuse = "full";
    $draft.set({ title: "First and more", type: "gig" });
    expect($draft.get()).toEqual({ title: "First and more", type: "gig" });
    expect(storage.raw("stagedoor.draft")).toBeNull();
  });

  it("starts blank and keeps typing in memory when the storage cannot even be read", () => {
    const storage = memoryStorage({ "stagedoor.draft": JSON.stringify({ title: "Kept" }) });
    storage.refuse = "unreadable";
    const $draft = keptDraft(storage);
    expect($draft.get()).toBeNull();
    $draft.set({ title: "Typed", type: "gig" });
    expect($draft.get()).toEqual({ title: "Typed", type: "gig" });
  });

  it("forgets what an earlier page kept under other keys, and leaves the rest", () => {
    const storage = memoryStorage({ old: "{}", older: "true", "stagedoor.draft": JSON.stringify({ title: "Kept" }) });
    dropFromTab(["old", "older", "never kept"], storage);
    expect([storage.raw("old"), storage.raw("older")]).toEqual([null, null]);
    expect(keptDraft(storage).get()).toEqual({ title: "Kept", type: "gig" });
  });

  it("forgets nothing, and throws nothing, when the storage cannot be used", () => {
    const storage = memoryStorage({ old: "{}" });
    storage.removeItem = () => {
      throw new DOMException("Access is denied.", "SecurityError");
    };
    expect(() => dropFromTab(["old"], storage)).not.toThrow();
  });
});

describe("forgetting every form kept in the tab (Sign out)", () => {
  it("forgets each kept form, of pages not loaded since too, and nothing else the tab holds", () => {
    const storage = memoryStorage({
      "stagedoor.calendar.add-event": JSON.stringify({ draft: { title: "Soundcheck" } }),
      "stagedoor.calendar.card-shows": "{}",
      "another-site-setting": "kept",
    });
    forgetKeptInTab(storage);
    expect(storage.raw("stagedoor.calendar.add-event")).toBeNull();
    expect(storage.raw("stagedoor.calendar.card-shows")).toBeNull();
    expect(storage.raw("another-site-setting")).toBe("kept");
    // The form is blank on the next load.
    expect(keptDraft(storage).get()).toBeNull();
  });
});
