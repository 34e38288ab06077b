import { describe, expect, it } from "vitest";
import { content } from "../data/content";
import { tour } from "../data/tour";
import { tourDatesFrom, type TourDate } from "../data/tour-dates";
import { dateAYearAhead, insertedAt } from "../test/tour-dates";
import { isOver, nextShow, PAST_SHOWS_LISTED, showsAhead, upcomingFirst } from "./shows";

const [galway, donegal, dublin] = tour.dates;
const at = (iso: string) => new Date(iso);
const ids = (dates: readonly { id: string }[]) => dates.map((date) => date.id);
const today = at("2026-11-26T12:00:00Z");

describe("a show", () => {
  it("counts as upcoming until three hours after doors, not just until doors", () => {
    // Galway: doors 20:00 Irish summer time, 19:00 UTC.
    expect(isOver(galway, at("2025-04-23T21:59:59Z"))).toBe(false);
    expect(isOver(galway, at("2025-04-23T22:00:00Z"))).toBe(true);
  });
});

describe("the next show", () => {
  it("is the first date not over yet: tonight's while it is on, the following one once it has ended", () => {
    expect(nextShow(tour.dates, at("2025-03-01T12:00:00Z"))?.id).toBe(galway.id);
    expect(nextShow(tour.dates, at("2025-04-23T21:30:00Z"))?.id).toBe(galway.id);
    expect(nextShow(tour.dates, at("2025-04-23T22:00:01Z"))?.id).toBe(donegal.id);
  });

  it("is none on today's date: the fixture's three dates were in 2025", () => {
    expect(nextShow(tour.dates, today)).toBeUndefined();
    expect(showsAhead(tour.dates, today)).toEqual([]);
  });

  it("skips a cancelled date and does not rely on the list's order", () => {
    const cancelled: TourDate = { ...galway, status: "EventCancelled" };
    expect(nextShow([dublin, cancelled, donegal], at("2025-03-01T12:00:00Z"))?.id).toBe(donegal.id);
  });

  it.each([0, 1, 2, 3])("is a date added a year ahead at position %i of the file", (position) => {
    const added = dateAYearAhead(today);
    const dates = tourDatesFrom(insertedAt(content.shows, added, position));
    expect(nextShow(dates, today)?.id).toBe(added.id);
    expect(ids(showsAhead(dates, today))).toEqual([added.id]);
    // Once its day has passed, none again.
    expect(nextShow(dates, new Date(Date.parse(added.startDate) + 4 * 3_600_000))).toBeUndefined();
  });
});

describe("the tour card's order", () => {
  it("lists every show still to come, then those called off, then the latest shows over, not a year of them", () => {
    const now = new Date("2030-06-01T12:00:00Z");
    // Two shows a week for the year before `now`, one cancelled after it, and two still to come.
    const showOn = (day: number) => dateAYearAhead(new Date(now.getTime() + (day - 365) * 86_400_000));
    const past = Array.from({ length: 104 }, (_, index) => ({
      ...showOn(-365 + Math.floor(index / 2) * 7 + (index % 2) * 3),
      id: `past-${index}`,
    }));
    const cancelled = { ...showOn(10), id: "cancelled", status: "cancelled" as const };
    const ahead = [20, 21].map((day, index) => ({ ...showOn(day), id: `ahead-${index}` }));
    const listed = upcomingFirst(tourDatesFrom([...ahead, cancelled, ...past]), now);
    const latest = past.slice(-PAST_SHOWS_LISTED).map(({ id }) => [id, true]);
    expect(listed.map(({ date, over }) => [date.id, over])).toEqual([
      ["ahead-0", false],
      ["ahead-1", false],
      ["cancelled", false],
      ...latest,
    ]);
  });

  it("lists the shows still to come first, then those that are over, each in date order", () => {
    expect(upcomingFirst(tour.dates, at("2025-04-24T12:00:00Z"))).toEqual([
      { date: donegal, over: false },
      { date: dublin, over: false },
      { date: galway, over: true },
    ]);
  });

  it("keeps the fixture's three dates in their order, all over, on today's date", () => {
    expect(upcomingFirst(tour.dates, today)).toEqual([galway, donegal, dublin].map((date) => ({ date, over: true })));
  });

  it("puts a cancelled show after the shows still to come, however soon it was to be", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const soon = dateAYearAhead(now);
    const later = { ...dateAYearAhead(new Date(now.getTime() + 30 * 86_400_000)), id: "later" };
    const cancelled = { ...soon, id: "cancelled", status: "cancelled" as const };
    const listed = upcomingFirst(tourDatesFrom([cancelled, later, soon]), now);
    expect(listed.map(({ date, over }) => [date.id, over])).toEqual([
      [soon.id, false],
      ["later", false],
      ["cancelled", false],
    ]);
  });

  it("puts a postponed and a cancelled show whose day is still to come before the shows that are over", () => {
    const postponed = { ...dateAYearAhead(today), id: "postponed", status: "postponed" as const };
    const cancelled = { ...dateAYearAhead(new Date(today.getTime() + 7 * 86_400_000)), id: "cancelled" };
    const coming = { ...dateAYearAhead(new Date(today.getTime() + 30 * 86_400_000)), id: "coming" };
    const listed = upcomingFirst(
      tourDatesFrom([...content.shows, { ...cancelled, status: "cancelled" as const }, coming, postponed]),
      today,
    );
    expect(listed.map(({ date, over }) => [date.id, over])).toEqual([
      ["coming", false],
      ["postponed", false],
      ["cancelled", false],
      [galway.id, true],
      [donegal.id, true],
      [dublin.id, true],
    ]);
  });

  it.each([0, 1, 2, 3])("puts a date added a year ahead at position %i of the file first", (position) => {
    const added = dateAYearAhead(today);
    const listed = upcomingFirst(tourDatesFrom(insertedAt(content.shows, added, position)), today);
    expect(listed.map(({ date, over }) => [date.id, over])).toEqual([
      [added.id, false],
      [galway.id, true],
      [donegal.id, true],
      [dublin.id, true],
    ]);
  });
});
