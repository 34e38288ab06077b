import { afterEach, describe, expect, it } from "vitest";
import {
  dayDots,
  dayLabel,
  eventDayKey,
  eventsByDay,
  eventTypeColourClass,
  EVENT_TYPES,
  formatDay,
  formatEventDate,
  eventsOnDay,
  sortEvents,
  toCalendarEvents,
  type CalendarEvent,
} from "./calendar";
import { emptyEventDraft, eventFromDraft } from "./calendar.form";

const event = (title: string, start: string, type: CalendarEvent["event_type"] = "gig"): CalendarEvent => ({
  id: title,
  title,
  description: null,
  start_date: start,
  end_date: start,
  event_type: type,
});

describe("the picked day in every time zone", () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it.each([
    ["Pacific/Kiritimati", 14],
    ["Asia/Tokyo", 9],
    ["Europe/Dublin", 0],
    ["America/Los_Angeles", -8],
    ["Pacific/Pago_Pago", -11],
  ] as const)("keeps the day a person picks in %s on the dot and the card", (zone, hoursAheadOfUtcInJanuary) => {
    process.env.TZ = zone; // Node applies a changed TZ to later Date calls.
    expect(new Date(2025, 0, 15).getTimezoneOffset() + 60 * hoursAheadOfUtcInJanuary).toBe(0);
    for (const [month, day] of [
      [0, 1],
      [3, 23],
      [11, 31],
    ]) {
      const picked = new Date(2025, month, day); // what the day picker hands over: local midnight
      const row = eventFromDraft({ ...emptyEventDraft, title: "Gig" }, picked);
      if (!row) throw new Error("a day and a title make a row");
      expect(eventDayKey(row)).toBe(`2025-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
      expect(formatEventDate(row)).toBe(formatDay(picked));
      expect([...eventsByDay([{ ...row, id: "1" }]).keys()]).toEqual([eventDayKey(row)]);
    }
  });
});

describe("listing events", () => {
  const events = [event("B", "2025-05-02T12:00:00+00:00"), event("A", "2025-04-23T12:00:00+00:00", "away")];

  it("sorts by start date ascending", () => {
    expect(sortEvents(events).map((e) => e.title)).toEqual(["A", "B"]);
  });

  it("puts a day's gigs in the order of their doors, after its events without a time, not by title", () => {
    const day = "2025-04-23T12:00:00+00:00";
    const evening = { ...event("Evening show", day), doors: "2025-04-23T19:30:00Z" };
    const matinee = { ...event("Matinee", day), doors: "2025-04-23T14:00:00Z" };
    const rehearsal = event("Warm-up", day, "rehearsal");
    expect(sortEvents([evening, rehearsal, matinee]).map((e) => e.title)).toEqual([
      "Warm-up",
      "Matinee",
      "Evening show",
    ]);
  });

  it("groups events by their day", () => {
    const days = eventsByDay([...events, event("C", "2025-04-23T12:00:00+00:00", "recording")]);
    expect([...days.keys()]).toEqual(["2025-04-23", "2025-05-02"]);
    expect(days.get("2025-04-23")?.map((e) => e.title)).toEqual(["A", "C"]);
  });

  it("lists the events of a picked day in start order, and none for a day without", () => {
    const more = [...events, event("C", "2025-04-23T12:00:00+00:00", "recording"), event("D", "2025-04-24T12:00:00Z")];
    // The day picker hands over local midnight of the picked date.
    expect(eventsOnDay(more, new Date(2025, 3, 23)).map((e) => e.title)).toEqual(["A", "C"]);
    expect(eventsOnDay(more, new Date(2025, 3, 22))).toEqual([]);
  });

  it("formats dates as 'MMM d, yyyy'", () => {
    expect(formatEventDate(event("A", "2025-04-23T12:00:00+00:00"))).toBe("Apr 23, 2025");
    expect(formatEventDate(event("B", "2025-12-01T12:00:00.000Z"))).toBe("Dec 1, 2025");
  });

  it("names a day as the team pages write dates, with its state and events, for screen readers", () => {
    expect(dayLabel(new Date(2025, 3, 23), [{ title: "Launch", event_type: "gig" }])).toBe(
      "Apr 23, 2025, 1 event: Launch (gig)",
    );
    expect(dayLabel(new Date(2026, 10, 28), [])).toBe("Nov 28, 2026");
    expect(
      dayLabel(
        new Date(2025, 3, 2),
        [
          { title: "Radio", event_type: "promotion" },
          { title: "Studio", event_type: "recording" },
        ],
        { today: true, selected: true },
      ),
    ).toBe("Apr 2, 2025, today, selected, 2 events: Radio (promotion); Studio (recording)");
  });

  it("keeps a busy day's name short: the date and how many events", () => {
    const many = ["A", "B", "C", "D", "E"].map((title) => ({ title, event_type: "gig" }));
    expect(dayLabel(new Date(2025, 3, 15), many)).toBe("Apr 15, 2025, 5 events");
    expect(dayLabel(new Date(2025, 3, 15), many.slice(0, 3))).toBe("Apr 15, 2025, 3 events: A (gig); B (gig); C (gig)");
  });

  it("shows at most three dots a day and counts the rest", () => {
    expect(dayDots([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(dayDots([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(dayDots([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ shown: [1, 2, 3], more: 6 });
    expect(dayDots([])).toEqual({ shown: [], more: 0 });
  });

  it("gives every type its colour and an unknown type a neutral one", () => {
    expect(EVENT_TYPES.map(eventTypeColourClass)).toEqual([
      "bg-red-600",
      "bg-green-600",
      "bg-amber-600",
      "bg-indigo-600",
      "bg-pink-600",
    ]);
    expect(eventTypeColourClass("festival")).toBe("bg-stone-500");
  });
});

describe("reading rows from the server", () => {
  it("keeps good rows and drops ones that would break the calendar", () => {
    const good = {
      id: "e1",
      title: "Gig",
      description: "",
      start_date: "2025-04-23T12:00:00+00:00",
      end_date: null,
      event_type: "gig",
    };
    expect(
      toCalendarEvents([
        good,
        { ...good, id: 7, event_type: "festival" },
        { ...good, id: "bad-date", start_date: "someday" },
        { ...good, id: "far-future", start_date: "+010000-01-01T12:00:00+00:00" },
        { ...good, id: "long-ago", start_date: "-000001-01-01T12:00:00+00:00" },
        { ...good, id: "no-title", title: null },
        { ...good, id: undefined },
        null,
        "row",
      ]),
    ).toEqual([
      { ...good, description: null, end_date: good.start_date },
      { ...good, id: "7", description: null, end_date: good.start_date, event_type: "festival" },
    ]);
    // An unwritable end falls back to the start rather than losing the event.
    expect(toCalendarEvents([{ ...good, end_date: "+275760-09-13T00:00:00Z" }])[0].end_date).toBe(good.start_date);
    expect(toCalendarEvents(null)).toEqual([]);
    expect(toCalendarEvents({ rows: [] })).toEqual([]);
  });
});
