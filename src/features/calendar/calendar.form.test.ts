import { describe, expect, it } from "vitest";
import { emptyEventDraft, eventFromDraft, eventProblems } from "./calendar.form";

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

describe("what the table refuses that cannot be seen", () => {
  const day = new Date(2025, 3, 23);

  it("takes a title that shows nothing as no title: nothing is added, nothing said", () => {
    for (const title of ["\u200b\u200b", "\u00ad", "\u{E0041}", "\u0301", "\u2800", "\u3164", "\u202e"]) {
      const draft = { ...emptyEventDraft, title };
      expect(eventFromDraft(draft, day), JSON.stringify(title)).toBeNull();
      expect(eventProblems(draft, day), JSON.stringify(title)).toEqual({});
    }
  });

  it("says a title with a direction control or a hidden line break, and adds nothing", () => {
    for (const [title, found] of [
      ["Gig \u202ehcraeheR", "U+202E"],
      ["a\u0085b", "U+0085"],
      ["a\u2028b", "U+2028"],
      ["a\tb", "U+0009"],
    ]) {
      const draft = { ...emptyEventDraft, title };
      expect(eventProblems(draft, day).title).toBe(
        `holds hidden characters (${found}), which can break it or make it read as something else`,
      );
      expect(eventFromDraft(draft, day)).toBeNull();
    }
  });

  it("takes a description's line breaks and ordinary titles, and refuses a direction control in the description", () => {
    const draft = { ...emptyEventDraft, title: "Ó Sé 🎸 Gig", description: "Load in 5pm\nSoundcheck 6pm" };
    expect(eventProblems(draft, day)).toEqual({});
    expect(eventFromDraft(draft, day)).toMatchObject({
      title: "Ó Sé 🎸 Gig",
      description: "Load in 5pm\nSoundcheck 6pm",
    });
    expect(eventProblems({ ...draft, description: "Load in \u2066 5pm" }, day).description).toMatch(/U\+2066/);
  });

  it("says nothing without a day or a title that shows, whatever the fields hold: nothing happens", () => {
    const refused = { ...emptyEventDraft, title: "Gig\u202e", description: "Load in\t5pm" };
    expect(eventProblems(refused, undefined)).toEqual({});
    expect(eventProblems({ ...refused, title: "\u200b" }, day)).toEqual({});
    expect(eventProblems({ ...refused, title: "x".repeat(201) }, undefined)).toEqual({});
  });

  it("says hidden characters before length: they are what makes the count look wrong", () => {
    const title = `${"a".repeat(200)}\u202e`;
    expect(eventProblems({ ...emptyEventDraft, title }, day).title).toMatch(/^holds hidden characters \(U\+202E\)/);
  });
});
