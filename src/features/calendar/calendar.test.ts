import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { deferred, settle } from "../../test/deferred";
import { fakeTime } from "../../test/fake-time";
import { calendarExport, eventToIcs, exportFileName } from "./calendar.export";
import {
  coalescedReloads,
  dayDots,
  errorMessage,
  RELOAD_GATHER_MS,
  nextRealtimeStatus,
  resubscribeAttempt,
  resubscribeDelay,
  REALTIME_STATUS_TEXT,
  dayLabel,
  emptyEventDraft,
  eventDayKey,
  eventFromDraft,
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

  it("stores a blank description as null and trims a real one", () => {
    const day = new Date(2025, 3, 23);
    expect(eventFromDraft({ title: "A", description: "  \n ", eventType: "away" }, day)?.description).toBeNull();
    expect(eventFromDraft({ title: "A", description: " Bring the capo ", eventType: "away" }, day)).toMatchObject({
      description: "Bring the capo",
      event_type: "away",
    });
  });
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

describe("reloading the list after changes", () => {
  /** Timers the test moves by hand, and a read whose replies it sends. */
  function harness() {
    const time = fakeTime(0);
    const replies: (() => void)[] = [];
    let reads = 0;
    const read = () => {
      reads += 1;
      const reply = deferred();
      replies.push(reply.resolve);
      return reply.promise;
    };
    return {
      timers: time.timers,
      read,
      reads: () => reads,
      pending: time.pending,
      async advance(ms: number) {
        time.advance(ms);
        await settle();
      },
      async reply() {
        replies.shift()?.();
        await settle();
      },
    };
  }

  it("gathers a burst of changes into one read", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    for (let i = 0; i < 50; i += 1) reloads.request();
    expect(h.reads()).toBe(0);
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(1);
    await h.reply();
    await h.advance(1000);
    expect(h.reads()).toBe(1);
    expect(h.pending()).toBe(0);
  });

  it("reads exactly once more for changes that arrive during a read, so the list ends up current", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(1);
    for (let i = 0; i < 20; i += 1) reloads.request();
    await h.advance(1000);
    expect(h.reads()).toBe(1); // never two reads at once
    await h.reply();
    await h.advance(RELOAD_GATHER_MS);
    expect(h.reads()).toBe(2);
    await h.reply();
    await h.advance(1000);
    expect(h.reads()).toBe(2);
  });

  it("reads each change that comes after the last read has finished", async () => {
    const h = harness();
    const reloads = coalescedReloads(h.read, h.timers);
    for (let change = 1; change <= 3; change += 1) {
      reloads.request();
      await h.advance(RELOAD_GATHER_MS);
      await h.reply();
      expect(h.reads()).toBe(change);
    }
  });

  it("goes on after a failed read, and stops when cancelled", async () => {
    const h = harness();
    let fail = true;
    let reads = 0;
    const reloads = coalescedReloads(async () => {
      reads += 1;
      if (fail) throw new Error("offline");
    }, h.timers);
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    fail = false;
    reloads.request();
    await h.advance(RELOAD_GATHER_MS);
    expect(reads).toBe(2);
    reloads.request();
    reloads.cancel();
    await h.advance(1000);
    expect(reads).toBe(2);
    expect(h.pending()).toBe(0);
  });
});

describe("the live indicator", () => {
  it("says Connecting… at first, Live once subscribed and Reconnecting… after a drop, in words", () => {
    expect(Object.values(REALTIME_STATUS_TEXT).map((text) => text.label)).toEqual([
      "Connecting…",
      "Live",
      "Reconnecting…",
    ]);
    expect(REALTIME_STATUS_TEXT.live.title).toBe("Changes from the team appear here as they happen");
  });

  it("goes live when the channel subscribes, refetching on each join since changes before it are not replayed", () => {
    expect(nextRealtimeStatus("connecting", "SUBSCRIBED")).toEqual({
      status: "live",
      refetch: true,
      resubscribe: false,
    });
    expect(nextRealtimeStatus("reconnecting", "SUBSCRIBED")).toEqual({
      status: "live",
      refetch: true,
      resubscribe: false,
    });
    expect(nextRealtimeStatus("live", "SUBSCRIBED")).toEqual({ status: "live", refetch: false, resubscribe: false });
  });

  it("waits for the library's own rejoin after a channel error or a timeout", () => {
    for (const channelStatus of ["CHANNEL_ERROR", "TIMED_OUT"]) {
      for (const current of ["connecting", "live", "reconnecting"] as const) {
        expect(nextRealtimeStatus(current, channelStatus)).toEqual({
          status: "reconnecting",
          refetch: false,
          resubscribe: false,
        });
      }
    }
  });

  it("subscribes again itself after a close, which the library never rejoins", () => {
    for (const current of ["connecting", "live", "reconnecting"] as const) {
      expect(nextRealtimeStatus(current, "CLOSED")).toEqual({
        status: "reconnecting",
        refetch: false,
        resubscribe: true,
      });
    }
  });

  it("backs off between new subscriptions: 1 s, doubling, never over 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(resubscribeDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("starts the pauses over only after a channel that stayed joined for 30 s", () => {
    expect(resubscribeAttempt(4, null)).toBe(4);
    expect(resubscribeAttempt(4, 200)).toBe(4);
    expect(resubscribeAttempt(4, 29_999)).toBe(4);
    expect(resubscribeAttempt(4, 30_000)).toBe(0);
    // A server that closes every channel as soon as it joins is asked ever less often.
    let attempts = 0;
    const pauses = [];
    for (let i = 0; i < 7; i += 1) {
      const attempt = resubscribeAttempt(attempts, 50);
      pauses.push(resubscribeDelay(attempt));
      attempts = attempt + 1;
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("ignores a state it does not know", () => {
    expect(nextRealtimeStatus("live", "JOINING")).toEqual({ status: "live", refetch: false, resubscribe: false });
  });

  it("refetches once per join: live, lost, back, lost, back", () => {
    let status = "connecting" as Parameters<typeof nextRealtimeStatus>[0];
    let refetches = 0;
    for (const channelStatus of ["SUBSCRIBED", "CHANNEL_ERROR", "TIMED_OUT", "SUBSCRIBED", "CLOSED", "SUBSCRIBED"]) {
      const next = nextRealtimeStatus(status, channelStatus);
      status = next.status;
      if (next.refetch) refetches += 1;
    }
    expect({ status, refetches }).toEqual({ status: "live", refetches: 3 });
  });
});

describe("exporting the calendar as .ics", () => {
  /** Parses an .ics text the way a calendar app would, with ical.js. */
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
  const now = new Date("2025-03-01T09:30:00Z");
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

describe("describing a failed event call", () => {
  it("shows the server's message of a failed call", () => {
    expect(errorMessage({ code: "23514", message: "new row violates check constraint", status: 400 })).toBe(
      "new row violates check constraint",
    );
    expect(errorMessage({ code: "XX000", message: "Database is resting", status: 500 })).toBe("Database is resting");
    expect(errorMessage("The venue is double-booked")).toBe("The venue is double-booked");
  });

  it("says in plain words that the server could not be reached, never the browser's error", () => {
    expect(errorMessage({ message: "TypeError: Failed to fetch", details: "", hint: "", code: "", status: 0 })).toBe(
      "Could not reach the calendar server. Check your internet connection and try again.",
    );
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(
      "Could not reach the calendar server. Check your internet connection and try again.",
    );
  });

  it("says the server is unavailable when it failed without a message", () => {
    expect(errorMessage({ message: "", status: 503 })).toBe(
      "The calendar server is not answering right now. Try again in a minute.",
    );
    expect(errorMessage({})).toBe("Something went wrong. Try again.");
  });
});
