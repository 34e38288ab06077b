// The page's Add Event draft as the tab keeps it (keepInTab): back with its day on the next load, a day the month
// could not open on dropped (the draft kept), and nothing kept once the event is added.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../test/memory-storage";
import { createEventDraft, keepDraftInTab } from "./calendar.draft.store";

const KEY = "stagedoor.calendar.event";

/** The page's draft as a new load of the tab makes it, over `storage` as the tab's sessionStorage. */
async function loadedWith(storage: ReturnType<typeof memoryStorage>) {
  const draft = createEventDraft();
  keepDraftInTab(draft, storage);
  return draft;
}

describe("the Add Event draft kept in the tab", () => {
  it("comes back with its day, and is not kept once the event is added", async () => {
    const storage = memoryStorage();
    const typed = await loadedWith(storage);
    typed.selectDay(new Date("2027-07-10T00:00:00Z"));
    typed.editEventDraft({ title: "Soundcheck", description: "", eventType: "rehearsal" });
    const reloaded = await loadedWith(storage);
    expect(reloaded.$eventDraft.get()).toEqual({ title: "Soundcheck", description: "", eventType: "rehearsal" });
    expect(reloaded.$selectedDay.get()?.toISOString()).toBe("2027-07-10T00:00:00.000Z");
    expect(reloaded.$hasUnsavedEvent.get()).toBe(true);
    reloaded.clearEventDraft();
    expect(storage.raw(KEY)).toBeNull();
    expect((await loadedWith(storage)).$selectedDay.get()).toBeUndefined();
  });

  it.each(["-271821-04-20T00:00:00.000Z", "1066-10-14T12:00:00Z", "tomorrow", 12])(
    "keeps the draft and drops a day of %s, which the month cannot open on",
    async (day) => {
      const storage = memoryStorage({ [KEY]: JSON.stringify({ title: "Soundcheck", day }) });
      const reloaded = await loadedWith(storage);
      expect(reloaded.$eventDraft.get()).toEqual({ title: "Soundcheck", description: "", eventType: "gig" });
      expect(reloaded.$selectedDay.get()).toBeUndefined();
    },
  );

  it("keeps a day at the very start of 1970, which is a day like any other", async () => {
    const storage = memoryStorage({ [KEY]: JSON.stringify({ title: "x", day: "1970-01-01T00:00:00.000Z" }) });
    expect((await loadedWith(storage)).$selectedDay.get()?.getTime()).toBe(0);
  });
});
