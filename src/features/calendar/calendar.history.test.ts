import { describe, expect, it } from "vitest";
import { aShow } from "./calendar.fake";
import { changesAfter, changesBetween, differencesFrom } from "./calendar.history";
import { rescheduledTo, type Show } from "./calendar.shows";
import type { ShowVersion } from "./calendar.writes";

/** A show on Jul 10, 2027, doors 20:00 in Dublin (19:00 UTC), €12.50 a ticket, as every test starts it. */
const before = aShow("dublin-2027-07-10", "2027-02-01T10:00:00Z");
const after = (changes: Partial<Show>) => ({ ...before, ...changes });

describe("what changed from one version of a show to the next", () => {
  it.each<[string, Partial<Show>, Partial<Show>, string[]]>([
    ["a cancellation", {}, { status: "cancelled" }, ["cancelled"]],
    ["a cancellation undone", { status: "cancelled" }, {}, ["cancellation undone"]],
    [
      "a cancellation undone by a postponement",
      { status: "cancelled" },
      { status: "postponed" },
      ["cancellation undone", "postponed"],
    ],
    [
      "a cancellation undone to tickets sold out",
      { status: "cancelled" },
      { status: "sold-out" },
      ["cancellation undone", "sold out"],
    ],
    ["a postponement", {}, { status: "postponed" }, ["postponed"]],
    ["a show marked sold out", {}, { status: "sold-out" }, ["marked sold out"]],
    [
      "a postponed show marked sold out",
      { status: "postponed" },
      { status: "postponed", availability: "sold-out" },
      ["marked sold out"],
    ],
    ["tickets back on sale", { status: "sold-out" }, {}, ["back on sale"]],
    ["a show taken off the website", {}, { published: false }, ["taken off the website"]],
    ["a show put back on the website", { published: false }, {}, ["put back on the website"]],
    ["a new ticket link", {}, { ticket_url: "https://tickets.example/dublin-late" }, ["ticket link changed"]],
    ["a link now to the venue's own site", {}, { ticket_kind: "venue" }, ["ticket link changed"]],
    [
      "doors put right later the same evening, fans told of no move",
      {},
      { starts_at: "2027-07-10T19:30:00Z" },
      ["doors corrected from 20:00 to 20:30"],
    ],
    [
      "doors put right to another day",
      {},
      { starts_at: "2027-07-11T19:00:00Z" },
      ["doors corrected to Jul 11, 2027, 20:00"],
    ],
    [
      "the doors of a sold-out show put right, still sold out",
      { status: "sold-out" },
      { status: "sold-out", starts_at: "2027-07-10T19:30:00Z" },
      ["doors corrected from 20:00 to 20:30"],
    ],
    [
      "the doors of a postponed show put right, still postponed",
      { status: "postponed" },
      { status: "postponed", starts_at: "2027-07-10T18:30:00Z" },
      ["doors corrected from 20:00 to 19:30"],
    ],
    [
      "the doors of a show moved, then postponed, put right: the start it was announced with kept",
      { ...rescheduledTo(before, "2027-07-10T20:00:00Z"), status: "postponed" },
      { ...rescheduledTo(before, "2027-07-10T20:00:00Z"), status: "postponed", starts_at: "2027-07-10T20:30:00Z" },
      ["doors corrected from 21:00 to 21:30"],
    ],
    [
      "doors moved as a cancellation is undone, which no correction does",
      { status: "cancelled" },
      { starts_at: "2027-07-10T19:30:00Z" },
      ["cancellation undone", "doors moved from 20:00 to 20:30"],
    ],
    [
      "a rescheduled show's doors changed again, which fans read as it was: still rescheduled",
      rescheduledTo(before, "2027-07-10T20:00:00Z"),
      rescheduledTo(after(rescheduledTo(before, "2027-07-10T20:00:00Z")), "2027-07-10T20:30:00Z"),
      ["rescheduled from 21:00 to 21:30"],
    ],
    [
      "a show rescheduled to another day",
      {},
      { starts_at: "2027-07-12T19:00:00Z", status: "rescheduled", previous_starts_at: before.starts_at },
      ["rescheduled to Jul 12, 2027, 20:00"],
    ],
    [
      "a show rescheduled to later the same evening",
      {},
      rescheduledTo(before, "2027-07-10T20:00:00Z"),
      ["rescheduled from 20:00 to 21:00"],
    ],
    [
      "a rescheduled show moved back to the start it was announced with",
      { starts_at: "2027-07-12T19:00:00Z", status: "rescheduled", previous_starts_at: before.starts_at },
      {},
      ["moved back to Jul 10, 2027, 20:00, as first announced"],
    ],
    [
      "a rescheduled show moved back to the time it was announced for, the same evening",
      rescheduledTo(before, "2027-07-10T20:00:00Z"),
      rescheduledTo(after(rescheduledTo(before, "2027-07-10T20:00:00Z")), before.starts_at),
      ["moved back from 21:00 to 20:00, as first announced"],
    ],
    [
      "a time zone put right with the doors kept on the clock, each time on its own zone's clock",
      {},
      { ...rescheduledTo(before, "2027-07-10T18:00:00Z"), time_zone: "Europe/Paris" },
      ["rescheduled from 20:00 (Europe/Dublin) to 20:00 (Europe/Paris)"],
    ],
    [
      "another day in another time zone",
      {},
      { ...rescheduledTo(before, "2027-07-11T18:00:00Z"), time_zone: "Europe/Paris" },
      ["rescheduled to Jul 11, 2027, 20:00 (Europe/Paris)"],
    ],
    [
      "doors put right within the hour the clocks go back, which reads 01:30 twice",
      { starts_at: "2027-10-31T00:30:00Z" },
      { starts_at: "2027-10-31T01:30:00Z" },
      ["doors corrected from 01:30 (UTC+1) to 01:30 (UTC+0)"],
    ],
    ["a new price", {}, { price: 15 }, ["price changed to €15.00"]],
    ["a price in another currency", {}, { currency: "GBP" }, ["price changed to £12.50"]],
    ["a price taken away", {}, { price: null, currency: null }, ["price removed"]],
    ["a new availability", {}, { availability: "few-left" }, ["availability changed to Few left"]],
    ["an availability taken away", { availability: "few-left" }, {}, ["availability removed"]],
    ["a new on-sale time", {}, { on_sale_at: "2027-03-01T10:00:00Z" }, ["on-sale time changed"]],
    ["another venue", {}, { venue_name: "Whelan's", venue_street: "25 Wexford Street" }, ["venue changed"]],
    ["another address at the same venue", {}, { venue_postal_code: "D08 V6F4" }, ["address changed"]],
    ["another time zone", {}, { time_zone: "Europe/London" }, ["time zone changed to Europe/London"]],
    ["new notes", {}, { notes: "load in at four" }, ["notes changed"]],
  ])("names %s as the panel says it", (_, was, becomes, words) => {
    expect(changesBetween(after(was), after(becomes))).toEqual(words);
  });

  it("names each of several changes once, the standing first", () => {
    const changed = after({
      ticket_url: "https://tickets.example/elsewhere",
      ticket_kind: "venue",
      status: "cancelled",
    });
    expect(changesBetween(before, changed)).toEqual(["cancelled", "ticket link changed"]);
  });

  it("says a status changed otherwise, as it came to be, when nothing else tells it", () => {
    expect(changesBetween(after({ status: "rescheduled" }), before)).toEqual(["status changed to Scheduled"]);
  });

  it("says the details changed when only the start a show was announced with did", () => {
    expect(changesBetween(before, after({ previous_starts_at: "2027-07-09T19:00:00Z" }))).toEqual(["details changed"]);
  });

  it("says nothing of two versions alike, however the database wrote their price and times", () => {
    const same = after({ price: "12.50" as unknown as number, starts_at: "2027-07-10 19:00:00+00" });
    expect(changesBetween(before, same)).toEqual([]);
  });
});

/** A show's kept versions, newest first, as the history reads them: `shows[0]` is version 1. */
const kept = (...shows: Partial<Show>[]): ShowVersion[] =>
  shows
    .map((changes, index) => ({
      version: index + 1,
      show: { ...after(changes), version: index + 1 },
      writtenAt: "2027-02-01T10:00:00Z",
      replacedAt: "2027-02-02T10:00:00Z",
    }))
    .reverse();

describe("what the change that replaced each kept version did", () => {
  it("says each version's change to the next one, the newest kept one's to the show now", () => {
    const now = { ...after({ status: "cancelled", ticket_url: "https://tickets.example/late" }), version: 3 };
    const said = changesAfter(kept({}, { ticket_url: "https://tickets.example/late" }), now);
    expect([...said]).toEqual([
      [2, "cancelled"],
      [1, "ticket link changed"],
    ]);
  });

  it("says every earlier version a change made the show again, as none tells which one was restored", () => {
    const late = { ticket_url: "https://tickets.example/late" };
    // Versions 1 and 3 alike; version 4 cancelled; restoring version 1 (or 3) made the show now, version 5.
    const now = { ...after(late), version: 5 };
    const said = changesAfter(kept(late, {}, late, { ...late, status: "cancelled" }), now);
    expect(said.get(4)).toBe("cancellation undone (as in versions 1 and 3)");
    expect(said.get(3)).toBe("cancelled");
    expect(said.get(2)).toBe("ticket link changed (as in version 1)");
    expect(said.get(1)).toBe("ticket link changed");
  });

  it("says nothing of a version whose next one is not among those read: the show moved on since", () => {
    const now = { ...after({ status: "postponed" }), version: 4 };
    const said = changesAfter(kept({}, { status: "cancelled" }), now);
    expect(said.get(2)).toBeUndefined();
    expect(said.get(1)).toBe("cancelled");
  });
});

describe("what a kept version says unlike the show now", () => {
  it.each<[string, Partial<Show>, Partial<Show>, string[]]>([
    [
      "doors earlier the same evening, on the venue's clock",
      { starts_at: "2027-07-10T18:30:00Z" },
      {},
      ["Doors 19:30"],
    ],
    ["doors on another day", { starts_at: "2027-07-09T19:00:00Z" }, {}, ["Doors Jul 9, 2027, 20:00"]],
    [
      "doors in another time zone, on that zone's clock and named",
      { starts_at: "2027-07-10T18:00:00Z", time_zone: "Europe/Paris" },
      {},
      ["Doors 20:00 (Europe/Paris)", "Time zone Europe/Paris"],
    ],
    [
      "doors within the hour the clocks go back, which reads 01:30 twice",
      { starts_at: "2027-10-31T00:30:00Z" },
      { starts_at: "2027-10-31T01:30:00Z" },
      ["Doors 01:30 (UTC+1)"],
    ],
    ["a cancellation", { status: "cancelled" }, {}, ["Status Cancelled"]],
    ["a show not yet cancelled", {}, { status: "cancelled" }, ["Status Scheduled"]],
    [
      "doors and status both, as the row's first line has them",
      { status: "cancelled", starts_at: "2027-07-10T19:00:00Z" },
      { starts_at: "2027-07-10T19:30:00Z" },
      ["Doors 20:00", "Status Cancelled"],
    ],
    [
      "a rescheduled show's start, said once with the start it was announced with",
      rescheduledTo(before, "2027-07-10T20:00:00Z"),
      {},
      ["Doors 21:00", "Status Rescheduled (was Jul 10, 2027, 20:00 (Europe/Dublin))"],
    ],
    [
      "another ticket link",
      { ticket_url: "https://tickets.example/dublin-early" },
      {},
      ["Ticket link https://tickets.example/dublin-early"],
    ],
    [
      "a ticket link too long to read in a row, cut short as a note is",
      { ticket_url: `https://tickets.example/${"a".repeat(80)}` },
      {},
      [`Ticket link https://tickets.example/${"a".repeat(36)}…`],
    ],
  ])("says what the version had for %s", (_, was, now, words) => {
    expect(differencesFrom(after(was), after(now))).toEqual(words);
  });
});
