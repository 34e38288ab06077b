import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, cleanText, type IcsEvent } from "./ics.mjs";

// ical.js reads unknown X- properties raw; X-WR-CALNAME is TEXT by convention (Apple, Google, Outlook), so
// teach the parser that, as those apps know it, and the calendar name is unescaped like any other text.
ICAL.design.icalendar.property["x-wr-calname"] = { defaultType: "text" };

const now = new Date("2025-03-01T09:30:05.123Z");
const prodId = "-//Orla Quinlan//Tour//EN";

/** Parses an .ics text the way a calendar app would, with ical.js. */
function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

function calendarOf(...events: IcsEvent[]) {
  return buildCalendar({ prodId, events, now });
}

function onlyEvent(text: string) {
  const events = parse(text).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return events[0];
}

/** A DTSTART/DTEND as the UTC instant a calendar app would show it at. */
function instantOf(event: ICAL.Component, name: "dtstart" | "dtend"): string {
  const time = event.getFirstPropertyValue(name) as ICAL.Time;
  return time.convertToZone(ICAL.Timezone.utcTimezone).toJSDate().toISOString();
}

const utf8 = new TextEncoder();

const hostile = [
  "Commas, semicolons; and a back\\slash",
  "Line one\nLine two\r\nLine three\rLine four",
  "Trailing backslash \\",
  "Escapes that are not: \\n \\, \\;",
  "Emoji 🎸🎻 and a family 👨‍👩‍👧 and a flag 🇮🇪",
  "Ceòl traidisiúnta ó Ghaillimh go Dún na nGall, ".repeat(6),
  "é".repeat(80),
  "🎶".repeat(50),
];

describe("cleanText", () => {
  it("leaves escaping to the writer, and writes every kind of line break as a line feed", () => {
    expect(cleanText("a\\b;c,d")).toBe("a\\b;c,d");
    expect(cleanText("one\ntwo\r\nthree\rfour\u2028five")).toBe("one\ntwo\nthree\nfour\nfive");
  });

  it("removes control characters but keeps tabs, accents and emoji", () => {
    expect(cleanText("bell\u0007 nul\u0000 esc\u001b del\u007f\ttab")).toBe("bell nul esc del\ttab");
    expect(cleanText("Dún na nGall 🎸")).toBe("Dún na nGall 🎸");
  });

  it("replaces a lone surrogate, which UTF-8 cannot encode, with U+FFFD", () => {
    expect(cleanText("a\uD83Cb")).toBe("a\uFFFDb");
  });
});

describe("buildCalendar", () => {
  const galway: IcsEvent = {
    uid: "galway-2025-04-23@orlaquinlan.example",
    start: { dateTime: "2025-04-23T20:00:00", timeZone: "Europe/Dublin" },
    end: { dateTime: "2025-04-23T23:00:00", timeZone: "Europe/Dublin" },
    summary: "Orla Quinlan at The Salthill Room, Galway",
    description: "Doors 20:00.",
    location: "The Salthill Room, 14 Seapoint Promenade, Galway",
    url: "https://tickets.example/orla-quinlan/galway-2025-04-23",
    status: "CONFIRMED",
    categories: ["Concert", "Folk"],
  };

  it("writes a VCALENDAR with CRLF line ends, the required header and a name", () => {
    const text = buildCalendar({ prodId, name: "Orla Quinlan, tour", events: [galway], now });
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe(prodId);
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Orla Quinlan, tour");
  });

  it("round-trips every field of an event", () => {
    const event = onlyEvent(calendarOf(galway));
    expect(event.getFirstPropertyValue("uid")).toBe(galway.uid);
    expect(event.getFirstPropertyValue("summary")).toBe(galway.summary);
    expect(event.getFirstPropertyValue("description")).toBe(galway.description);
    expect(event.getFirstPropertyValue("location")).toBe(galway.location);
    expect(event.getFirstPropertyValue("url")).toBe(galway.url);
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.getFirstProperty("categories")!.getValues()).toEqual(["Concert", "Folk"]);
    expect(event.getFirstPropertyValue("dtstamp")!.toString()).toBe("2025-03-01T09:30:05Z");
  });

  it("stamps every event with the generation time in UTC", () => {
    const text = calendarOf(galway, { ...galway, uid: "other@orlaquinlan.example" });
    expect(text.match(/^DTSTAMP:20250301T093005Z$/gm)).toHaveLength(2);
  });

  it("writes Dublin wall time with a TZID and an IST/GMT VTIMEZONE, so 20:00 stays 20:00 in summer and winter", () => {
    const winter: IcsEvent = {
      uid: "winter@orlaquinlan.example",
      start: { dateTime: "2025-12-05T20:00:00", timeZone: "Europe/Dublin" },
      summary: "Winter show",
    };
    const text = calendarOf(galway, winter);
    expect(text).toContain("\r\nDTSTART;TZID=Europe/Dublin:20250423T200000\r\n");
    expect(text).toContain("\r\nDTEND;TZID=Europe/Dublin:20250423T230000\r\n");
    const calendar = parse(text);
    const zones = calendar.getAllSubcomponents("vtimezone");
    expect(zones).toHaveLength(1);
    expect(zones[0].getFirstPropertyValue("tzid")).toBe("Europe/Dublin");
    expect(zones[0].getFirstSubcomponent("daylight")!.getFirstPropertyValue("tzname")).toBe("IST");
    expect(zones[0].getFirstSubcomponent("standard")!.getFirstPropertyValue("tzname")).toBe("GMT");
    const [summer, dark] = calendar.getAllSubcomponents("vevent");
    expect(summer.getFirstPropertyValue("dtstart")!.toString()).toBe("2025-04-23T20:00:00");
    expect(instantOf(summer, "dtstart")).toBe("2025-04-23T19:00:00.000Z");
    expect(instantOf(summer, "dtend")).toBe("2025-04-23T22:00:00.000Z");
    expect(instantOf(dark, "dtstart")).toBe("2025-12-05T20:00:00.000Z");
    expect(dark.hasProperty("dtend")).toBe(false);
  });

  it("changes offset on the last Sundays of March and October, as Ireland does", () => {
    const at = (dateTime: string): IcsEvent => ({
      uid: dateTime,
      start: { dateTime, timeZone: "Europe/Dublin" },
      summary: dateTime,
    });
    const calendar = parse(
      calendarOf(
        at("2026-03-29T00:30:00"),
        at("2026-03-29T02:30:00"),
        at("2026-10-25T00:30:00"),
        at("2026-10-25T02:30:00"),
      ),
    );
    expect(calendar.getAllSubcomponents("vevent").map((event) => instantOf(event, "dtstart"))).toEqual([
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:30:00.000Z",
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T02:30:00.000Z",
    ]);
  });

  it("leaves out the VTIMEZONE when no event uses Dublin time", () => {
    const text = calendarOf({ uid: "u", start: { utc: new Date("2025-04-23T19:00:00Z") }, summary: "UTC" });
    expect(text).not.toContain("VTIMEZONE");
    expect(text).toContain("\r\nDTSTART:20250423T190000Z\r\n");
    expect(instantOf(onlyEvent(text), "dtstart")).toBe("2025-04-23T19:00:00.000Z");
  });

  it("writes all-day events as dates, ending the next day when no end is given", () => {
    const text = calendarOf(
      { uid: "a", start: { date: "2025-12-31" }, summary: "New Year's Eve" },
      { uid: "b", start: { date: "2024-02-28" }, end: { date: "2024-03-02" }, summary: "Leap" },
    );
    expect(text).toContain("\r\nDTSTART;VALUE=DATE:20251231\r\nDTEND;VALUE=DATE:20260101\r\n");
    const [single, span] = parse(text).getAllSubcomponents("vevent");
    const start = single.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.isDate).toBe(true);
    expect(start.toString()).toBe("2025-12-31");
    expect(single.getFirstPropertyValue("dtend")!.toString()).toBe("2026-01-01");
    expect(span.getFirstPropertyValue("dtend")!.toString()).toBe("2024-03-02");
  });

  it("marks a cancelled event as such", () => {
    const event = onlyEvent(calendarOf({ ...galway, status: "CANCELLED" }));
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it.each(hostile.map((text) => [text.slice(0, 30), text]))(
    "round-trips hostile text in every TEXT field: %s",
    (_, value) => {
      const text = buildCalendar({
        prodId,
        name: value,
        now,
        events: [
          {
            ...galway,
            uid: `${value}@x`,
            summary: value,
            description: value,
            location: value,
            categories: [value, "b,c"],
          },
        ],
      });
      for (const line of text.split("\r\n")) expect(utf8.encode(line).length).toBeLessThanOrEqual(75);
      const calendar = parse(text);
      const event = calendar.getFirstSubcomponent("vevent")!;
      const expected = value.replace(/\r\n|\r/g, "\n");
      expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(expected);
      expect(event.getFirstPropertyValue("uid")).toBe(`${expected}@x`);
      expect(event.getFirstPropertyValue("summary")).toBe(expected);
      expect(event.getFirstPropertyValue("description")).toBe(expected);
      expect(event.getFirstPropertyValue("location")).toBe(expected);
      if (value.endsWith("\\")) {
        // ical.js 2.2 splits a multi-value property at "\\," (an escaped backslash, then the separator) as if the
        // comma were escaped; the RFC reading is two values, which is what the file says.
        expect(text.replace(/\r\n /g, "")).toContain(`\r\nCATEGORIES:${value.replace(/\\/g, "\\\\")},b\\,c\r\n`);
      } else {
        expect(event.getFirstProperty("categories")!.getValues()).toEqual([expected, "b,c"]);
      }
    },
  );

  it("keeps every physical line within 75 octets and folds long accented text mid-line", () => {
    const long = "Ceòl traidisiúnta agus amhráin nua, léirithe beo i nGaillimh; ticéid ar fáil anois! ".repeat(4);
    const text = calendarOf({ ...galway, description: long });
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) expect(utf8.encode(line).length).toBeLessThanOrEqual(75);
    expect(onlyEvent(text).getFirstPropertyValue("description")).toBe(long);
  });

  it("drops control characters from text instead of writing an unreadable file", () => {
    const event = onlyEvent(calendarOf({ ...galway, summary: "Gig\u0000 tonight\u001b\u0007" }));
    expect(event.getFirstPropertyValue("summary")).toBe("Gig tonight");
  });

  it("writes what a subscribed calendar needs: NAME, the refresh interval of an hour and the VTIMEZONE", () => {
    const text = buildCalendar({
      prodId,
      name: "Team calendar",
      now,
      refresh: "PT1H",
      events: [{ uid: "a", start: { date: "2030-05-01" }, summary: "Day", sequence: 4, lastModified: now }],
    });
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("name")).toBe("Team calendar");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Team calendar");
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
    const event = onlyEvent(text);
    expect(event.getFirstPropertyValue("sequence")).toBe(4);
    expect(event.getFirstPropertyValue("last-modified")!.toString()).toBe("2025-03-01T09:30:05Z");
    expect(() => buildCalendar({ prodId, now, events: [], refresh: "hourly" })).toThrow(/refresh "hourly"/);
    expect(() => calendarOf({ uid: "s", start: { date: "2030-05-01" }, summary: "s", sequence: -1 })).toThrow(
      /"s": sequence -1/,
    );
  });

  it("writes an empty calendar when there are no events", () => {
    const calendar = parse(calendarOf());
    expect(calendar.getAllSubcomponents("vevent")).toEqual([]);
  });

  describe("refuses input that would make a wrong calendar, saying which event", () => {
    it.each([
      ["an impossible date", { start: { date: "2025-02-30" } }, /"x": start date "2025-02-30" is not a real date/],
      ["a malformed time", { start: { dateTime: "2025-04-23 20:00", timeZone: "Europe/Dublin" } }, /"x": start time/],
      ["hour 24", { start: { dateTime: "2025-04-23T24:00:00", timeZone: "Europe/Dublin" } }, /"x": start time/],
      [
        "another time zone",
        { start: { dateTime: "2025-04-23T20:00:00", timeZone: "Europe/London" } },
        /only Europe\/Dublin/,
      ],
      ["an invalid Date", { start: { utc: new Date("nope") } }, /"x": start is not/],
      [
        "an end before the start",
        { start: { utc: new Date("2025-04-23T20:00:00Z") }, end: { utc: new Date("2025-04-23T19:00:00Z") } },
        /"x": end must be after start/,
      ],
      ["mixed value types", { start: { date: "2025-04-23" }, end: { utc: new Date("2025-04-24T00:00:00Z") } }, /both/],
      ["a relative URL", { start: { date: "2025-04-23" }, url: "/tour" }, /"x": url "\/tour" is not an absolute URL/],
    ])("%s", (_, override, message) => {
      const event = { uid: "x", summary: "s", ...override } as IcsEvent;
      expect(() => calendarOf(event)).toThrow(message);
    });

    it("a duplicate or empty uid, an empty prodId, an invalid now", () => {
      const event: IcsEvent = { uid: "x", start: { date: "2025-04-23" }, summary: "s" };
      expect(() => calendarOf(event, event)).toThrow(/"x": the same uid is used by two events/);
      expect(() => calendarOf({ ...event, uid: " " })).toThrow(/non-empty uid/);
      expect(() => buildCalendar({ prodId: "", events: [], now })).toThrow(/prodId/);
      expect(() => buildCalendar({ prodId, events: [], now: new Date(NaN) })).toThrow(/now must be a valid Date/);
    });
  });
});
