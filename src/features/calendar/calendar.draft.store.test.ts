import { describe, expect, it } from "vitest";
import { createEventDraft } from "./calendar.draft.store";
import { emptyShowDraft } from "./calendar.types";

describe("the Add Event draft", () => {
  it("counts as unsaved only when a title or description has been typed", () => {
    const draft = createEventDraft();
    expect(draft.$hasUnsavedEvent.get()).toBe(false);
    draft.editEventDraft({ title: "  ", description: "", eventType: "away" });
    expect(draft.$hasUnsavedEvent.get()).toBe(false);
    draft.editEventDraft({ title: "", description: "Soundcheck at 5", eventType: "gig" });
    expect(draft.$hasUnsavedEvent.get()).toBe(true);
    draft.clearEventDraft();
    expect(draft.$hasUnsavedEvent.get()).toBe(false);
  });

  it("counts a new gig's show as unsaved once one of its fields differs from the empty form's", () => {
    const draft = createEventDraft();
    draft.$newShow.set({ ...emptyShowDraft });
    expect(draft.$hasUnsavedEvent.get()).toBe(false);
    draft.$newShow.set({ ...emptyShowDraft, venueName: "The Cornmarket Room" });
    expect(draft.$hasUnsavedEvent.get()).toBe(true);
    draft.clearEventDraft();
    expect(draft.$hasUnsavedEvent.get()).toBe(false);
  });

  it("keeps the day picked apart from what is typed, through a successful add's clearing", () => {
    const draft = createEventDraft();
    const day = new Date(2031, 4, 18);
    draft.selectDay(day);
    draft.editEventDraft({ title: "Radio session, RTÉ", description: "", eventType: "promotion" });
    draft.clearEventDraft();
    expect(draft.$eventDraft.get()).toBeNull();
    expect(draft.$selectedDay.get()).toBe(day);
  });
});
