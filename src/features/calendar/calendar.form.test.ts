import { describe, expect, it } from "vitest";
import { emptyEventDraft, eventFromDraft } from "./calendar.form";

describe("adding an event", () => {
  it("needs a selected day and a title", () => {
    expect(eventFromDraft({ ...emptyEventDraft, title: "Gig" }, undefined)).toBeNull();
    expect(eventFromDraft({ ...emptyEventDraft, title: "   " }, new Date(2025, 3, 23))).toBeNull();
  });

  it("starts and ends on the selected day, with gig as the default type and null for no description", () => {
    expect(eventFromDraft({ ...emptyEventDraft, title: " Launch " }, new Date(2025, 3, 23, 22, 30))).toEqual({
      title: "Launch",
      description: null,
      start_date: "2025-04-23T12:00:00.000Z",
      end_date: "2025-04-23T12:00:00.000Z",
      event_type: "gig",
    });
  });

  it("stores a blank description as null and trims a real one", () => {
    const day = new Date(2025, 3, 23);
    expect(eventFromDraft({ title: "A", description: "  \n ", eventType: "away" }, day)?.description).toBeNull();
    expect(eventFromDraft({ title: "A", description: " Bring the capo ", eventType: "away" }, day)).toMatchObject({
      description: "Bring the capo",
      event_type: "away",
    });
  });
});
