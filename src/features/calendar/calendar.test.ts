import { describe, expect, it } from "vitest";
import {
  dayLabel,
  emptyEventDraft,
  eventFromDraft,
  eventsByDay,
  formatEventDate,
  sortEvents,
  type CalendarEvent,
} from "./calendar";
import { hashPassword, passwordMatches } from "./password";

const event = (title: string, start: string, type: CalendarEvent["event_type"] = "gig"): CalendarEvent => ({
  id: title,
  title,
  description: null,
  start_date: start,
  end_date: start,
  event_type: type,
});

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
});

describe("listing events", () => {
  const events = [event("B", "2025-05-02T12:00:00+00:00"), event("A", "2025-04-23T12:00:00+00:00", "away")];

  it("sorts by start date ascending", () => {
    expect(sortEvents(events).map((e) => e.title)).toEqual(["A", "B"]);
  });

  it("groups events by their day", () => {
    const days = eventsByDay([...events, event("C", "2025-04-23T12:00:00+00:00", "recording")]);
    expect([...days.keys()]).toEqual(["2025-04-23", "2025-05-02"]);
    expect(days.get("2025-04-23")?.map((e) => e.title)).toEqual(["A", "C"]);
  });

  it("formats dates as 'MMM d, yyyy'", () => {
    expect(formatEventDate(event("A", "2025-04-23T12:00:00+00:00"))).toBe("Apr 23, 2025");
    expect(formatEventDate(event("B", "2025-12-01T12:00:00.000Z"))).toBe("Dec 1, 2025");
  });

  it("describes a day with its events for screen readers, visible number included", () => {
    expect(dayLabel(new Date(2025, 3, 23), [{ title: "Launch", event_type: "gig" }])).toBe(
      "23 April 2025, Wednesday, 1 event: Launch (gig)",
    );
    expect(dayLabel(new Date(2025, 3, 24), [])).toBe("24 April 2025, Thursday");
  });
});

describe("calendar password", () => {
  it("accepts the right password and refuses others", async () => {
    const hash = await hashPassword("open sesame", "salt-1");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await passwordMatches("open sesame", "salt-1", hash)).toBe(true);
    expect(await passwordMatches("open sesame ", "salt-1", hash)).toBe(false);
    expect(await passwordMatches("", "salt-1", hash)).toBe(false);
  });

  it("depends on the salt", async () => {
    expect(await hashPassword("pw", "a")).not.toBe(await hashPassword("pw", "b"));
  });
});
