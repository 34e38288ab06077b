// The page's Add Event form as the tab keeps it (keepInTab), one entry for all of it: back with its day, its show and
// "Put on the website" on the next load, a part the form could not show dropped alone, and nothing kept once the
// event is added, whether or not the show's form was loaded on that page.
import { atom } from "nanostores";
import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../test/memory-storage";
import type { ShowsClient } from "./calendar.api";
import { createEventDraft, keepDraftInTab } from "./calendar.draft.store";
import { emptyShowDraft } from "./calendar.publish";
import { createPublishing } from "./calendar.publish.store";
import { NEW_GIG } from "./calendar.types";

const KEY = "stagedoor.calendar.add-event";
const typed = { title: "Soundcheck", description: "", eventType: "gig" } as const;
const venue = { ...emptyShowDraft, venueName: "The Cornmarket Room", street: "27 Thomas Street" };

/** The page's draft as a new load of the tab makes it, over `storage` as the tab's sessionStorage. */
function loadedWith(storage: ReturnType<typeof memoryStorage>) {
  const draft = createEventDraft();
  keepDraftInTab(draft, storage);
  return draft;
}

/** The show forms as the page loads them with the show's fields, over `draft`; never asked to send anything. */
function showFormsOver(draft: ReturnType<typeof createEventDraft>) {
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const client = async () => ({}) as ShowsClient;
  return createPublishing({
    client,
    session,
    draft,
    shows: { replace: async () => {}, load: async () => {}, $shows: atom([]) },
    added: () => {},
  });
}

/** What is kept, as the page reads it. */
const kept = (storage: ReturnType<typeof memoryStorage>) => JSON.parse(storage.raw(KEY) ?? "null") as unknown;

describe("the Add Event form kept in the tab", () => {
  it("comes back with its day, and is not kept once the event is added", () => {
    const storage = memoryStorage();
    const draft = loadedWith(storage);
    draft.selectDay(new Date("2027-07-10T00:00:00Z"));
    draft.editEventDraft({ title: "Soundcheck", description: "", eventType: "rehearsal" });
    const reloaded = loadedWith(storage);
    expect(reloaded.$eventDraft.get()).toEqual({ title: "Soundcheck", description: "", eventType: "rehearsal" });
    expect(reloaded.$selectedDay.get()?.toISOString()).toBe("2027-07-10T00:00:00.000Z");
    expect(reloaded.$hasUnsavedEvent.get()).toBe(true);
    reloaded.clearEventDraft();
    expect(storage.raw(KEY)).toBeNull();
    expect(loadedWith(storage).$selectedDay.get()).toBeUndefined();
  });

  it("comes back whole, its show and the ticked box too, as one entry", () => {
    const storage = memoryStorage();
    const draft = loadedWith(storage);
    draft.selectDay(new Date("2027-07-10T00:00:00Z"));
    draft.editEventDraft(typed);
    draft.$publishNew.set(true);
    showFormsOver(draft).edit(NEW_GIG, venue);
    expect(storage.length).toBe(1);
    expect(kept(storage)).toEqual({ draft: typed, day: "2027-07-10T00:00:00.000Z", publish: true, show: venue });
    const reloaded = loadedWith(storage);
    expect(reloaded.$publishNew.get()).toBe(true);
    expect(showFormsOver(reloaded).draftOf(NEW_GIG)).toEqual(venue);
  });

  it("keeps nothing of the show once the event is added on a page that never loaded the show's form", () => {
    const storage = memoryStorage();
    // Typed with its show, then "Put on the website" unticked: the show's fields stay typed, out of sight.
    const first = loadedWith(storage);
    first.editEventDraft(typed);
    first.$publishNew.set(true);
    showFormsOver(first).edit(NEW_GIG, venue);
    first.$publishNew.set(false);
    // Reloaded, the form is added as it is, off the website: the show's form is never loaded on that page.
    const second = loadedWith(storage);
    expect(second.$newShow.get()).toEqual(venue);
    second.clearEventDraft();
    expect(storage.raw(KEY)).toBeNull();
    const third = loadedWith(storage);
    expect(third.$publishNew.get()).toBe(false);
    expect(showFormsOver(third).draftOf(NEW_GIG)).toEqual(emptyShowDraft);
  });

  it("empties in one go: nothing of the form is written on the way", () => {
    const storage = memoryStorage();
    const draft = loadedWith(storage);
    draft.editEventDraft(typed);
    draft.$publishNew.set(true);
    showFormsOver(draft).edit(NEW_GIG, venue);
    const writes = storage.writes;
    draft.clearEventDraft();
    expect(storage.writes).toBe(writes);
    expect(storage.raw(KEY)).toBeNull();
  });

  it("keeps what is typed after an emptying that a listener broke off", () => {
    const storage = memoryStorage();
    const draft = loadedWith(storage);
    draft.editEventDraft(typed);
    const stop = draft.$publishNew.listen(() => {
      throw new Error("a listener's own fault");
    });
    draft.$publishNew.set(false);
    expect(() => draft.$publishNew.set(true)).toThrow("a listener's own fault");
    expect(() => draft.clearEventDraft()).toThrow("a listener's own fault");
    stop();
    draft.editEventDraft({ ...typed, title: "Typed after" });
    expect(loadedWith(storage).$eventDraft.get()?.title).toBe("Typed after");
  });

  it("keeps the box ticked and the show typed before anything else", () => {
    const storage = memoryStorage();
    const draft = loadedWith(storage);
    draft.$publishNew.set(true);
    showFormsOver(draft).edit(NEW_GIG, venue);
    const reloaded = loadedWith(storage);
    expect(reloaded.$eventDraft.get()).toBeNull();
    // The Enter Password screen says it is kept: the venue typed is something to lose.
    expect(reloaded.$hasUnsavedEvent.get()).toBe(true);
    expect(reloaded.$publishNew.get()).toBe(true);
    expect(reloaded.$newShow.get()).toEqual(venue);
  });

  const day = "2027-07-10T00:00:00.000Z";
  it.each([
    ["a show with a field that is not text", { show: { venueName: 12 } }, { draft: typed, day, publish: true }],
    ["a show with a field it has not", { show: { venue: "x" } }, { draft: typed, day, publish: true }],
    ["a show with a kind of ticket it has not", { show: { ticketKind: "free" } }, { draft: typed, day, publish: true }],
    [
      "a show with an availability it has not",
      { show: { availability: "soon" } },
      { draft: typed, day, publish: true },
    ],
    ["a show that is a list", { show: ["x"] }, { draft: typed, day, publish: true }],
    ["a draft of a type the calendar has not", { draft: { eventType: "party" } }, { day, publish: true, show: venue }],
    ["a box ticked as text", { publish: "yes" }, { draft: typed, day, show: venue }],
  ])("drops %s alone, the rest of the form back", (_, bad, back) => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({ draft: typed, day, publish: true, show: venue, ...bad }),
    });
    const reloaded = loadedWith(storage);
    // toEqual takes a part undefined as a part missing: each part left out of `back` must not come back.
    expect({
      draft: reloaded.$eventDraft.get() ?? undefined,
      day: reloaded.$selectedDay.get()?.toISOString(),
      publish: reloaded.$publishNew.get() || undefined,
      show: reloaded.$newShow.get() ?? undefined,
    }).toEqual(back);
  });

  it.each(["-271821-04-20T00:00:00.000Z", "1066-10-14T12:00:00Z", "tomorrow", 12])(
    "keeps the draft and drops a day of %s, which the month cannot open on",
    (bad) => {
      const storage = memoryStorage({ [KEY]: JSON.stringify({ draft: { title: "Soundcheck" }, day: bad }) });
      const reloaded = loadedWith(storage);
      expect(reloaded.$eventDraft.get()).toEqual({ title: "Soundcheck", description: "", eventType: "gig" });
      expect(reloaded.$selectedDay.get()).toBeUndefined();
    },
  );

  it("keeps a day at the very start of 1970, which is a day like any other", () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({ draft: { title: "x" }, day: "1970-01-01T00:00:00.000Z" }),
    });
    expect(loadedWith(storage).$selectedDay.get()?.getTime()).toBe(0);
  });

  it.each([
    ["a day alone", { day }],
    ["nothing the form could show", { draft: { title: 12 }, day, publish: 1, show: "x" }],
    ["a list", [typed]],
  ])("drops %s, and the month opens on today", (_, entry) => {
    const storage = memoryStorage({ [KEY]: JSON.stringify(entry) });
    const reloaded = loadedWith(storage);
    expect(reloaded.$selectedDay.get()).toBeUndefined();
    expect(reloaded.$eventDraft.get()).toBeNull();
    expect(storage.raw(KEY)).toBeNull();
  });

  it("forgets the form as an earlier version of the page kept it, in three parts", () => {
    const storage = memoryStorage({
      "stagedoor.calendar.event": JSON.stringify({ ...typed, day }),
      "stagedoor.calendar.publish": "true",
      "stagedoor.calendar.show": JSON.stringify(venue),
    });
    const reloaded = loadedWith(storage);
    expect(reloaded.$eventDraft.get()).toBeNull();
    expect(reloaded.$publishNew.get()).toBe(false);
    expect(reloaded.$newShow.get()).toBeNull();
    expect(storage.length).toBe(0);
  });
});
