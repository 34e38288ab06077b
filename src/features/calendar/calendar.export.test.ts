import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "./calendar";
import { calendarExport, eventToIcs, exportFileName } from "./calendar.export";

describe("exporting the calendar as .ics", () => {
  /** Parses an .ics text the way a calendar app would, with ical.js. */
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
  // The morning of 1 March where the test runs: the file is named by the local day, in every time zone.
  const now = new Date(2025, 2, 1, 9, 30);
  const options = { now, domain: "orlaquinlan.example", artistName: "Orla Quinlan" };
  const row = (overrides: Partial<CalendarEvent>): CalendarEvent => ({
    id: "3f2c9a1e-0000-4000-8000-000000000001",
    title: "Launch gig",
    description: null,
    start_date: "2025-04-23T12:00:00+00:00",
    end_date: "2025-04-23T12:00:00+00:00",
    event_type: "gig",
    ...overrides,
  });

  it("maps an event to an all-day event on its day, with a stable UID, title, description and type", () => {
    const launch = row({ description: "Doors 8pm" });
    expect(eventToIcs(launch, "orlaquinlan.example")).toEqual({
      uid: "3f2c9a1e-0000-4000-8000-000000000001@orlaquinlan.example",
      start: { date: "2025-04-23" },
      summary: "Launch gig",
      description: "Doors 8pm",
      categories: ["gig"],
    });
    expect(eventToIcs(launch, "orlaquinlan.example")).toEqual(eventToIcs({ ...launch }, "orlaquinlan.example"));
    expect(eventToIcs(row({}), "x.example")).not.toHaveProperty("description");
  });

  it("keeps the day shown in the calendar whatever the stored time's offset", () => {
    expect(eventToIcs(row({ start_date: "2025-12-31T12:00:00.000Z" }), "x").start).toEqual({ date: "2025-12-31" });
    expect(eventToIcs(row({ start_date: "2025-04-23T13:00:00+01:00" }), "x").start).toEqual({ date: "2025-04-23" });
  });

  it("writes a multi-day event through its last day (the end is exclusive)", () => {
    const festival = row({ start_date: "2025-07-30T12:00:00Z", end_date: "2025-08-01T12:00:00Z" });
    expect(eventToIcs(festival, "x")).toMatchObject({ start: { date: "2025-07-30" }, end: { date: "2025-08-02" } });
  });

  it("names the file by the day it is made", () => {
    expect(exportFileName(new Date(2025, 3, 23, 23, 59))).toBe("calendar-2025-04-23.ics");
  });

  it("writes every event into a file calendar apps read back, text escaped", () => {
    const tricky = "Radio, TV; and a back\\slash\nsecond line 🎻";
    const events = [
      row({ id: "b", title: "Later", start_date: "2025-05-02T12:00:00Z", end_date: "2025-05-02T12:00:00Z" }),
      row({ id: "a", title: tricky, description: `${tricky}\r\nmore`, event_type: "promotion" }),
      row({ id: "c", title: "Studio ".repeat(40).trim(), event_type: "recording" }),
    ];
    const { filename, text } = calendarExport(events, options);
    expect(filename).toBe("calendar-2025-03-01.ics");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Orla Quinlan//Team calendar//EN");
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(
      vevents.map((vevent) => ({
        uid: vevent.getFirstPropertyValue("uid"),
        summary: vevent.getFirstPropertyValue("summary"),
        description: vevent.getFirstPropertyValue("description"),
        categories: vevent.getFirstPropertyValue("categories"),
        start: String(vevent.getFirstPropertyValue("dtstart")),
        end: String(vevent.getFirstPropertyValue("dtend")),
        allDay: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).isDate,
      })),
    ).toEqual([
      {
        uid: "a@orlaquinlan.example",
        summary: tricky,
        description: `${tricky}\nmore`,
        categories: "promotion",
        start: "2025-04-23",
        end: "2025-04-24",
        allDay: true,
      },
      {
        uid: "c@orlaquinlan.example",
        summary: "Studio ".repeat(40).trim(),
        description: null,
        categories: "recording",
        start: "2025-04-23",
        end: "2025-04-24",
        allDay: true,
      },
      {
        uid: "b@orlaquinlan.example",
        summary: "Later",
        description: null,
        categories: "gig",
        start: "2025-05-02",
        end: "2025-05-03",
        allDay: true,
      },
    ]);
  });

  it("writes an empty calendar when there are no events", () => {
    const calendar = parse(calendarExport([], options).text);
    expect(calendar.getAllSubcomponents("vevent")).toEqual([]);
  });

  it("refuses, naming the event, a date no calendar file can hold", () => {
    const farFuture = row({ id: "far", start_date: "+010000-01-01T12:00:00Z", end_date: "+010000-01-01T12:00:00Z" });
    expect(() => calendarExport([farFuture], options)).toThrow(/far@orlaquinlan\.example/);
  });
});
