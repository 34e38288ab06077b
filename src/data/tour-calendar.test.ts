import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { headersFor, loadNetlifyHeaders } from "../integrations/netlify-headers.mjs";
import { dateAYearAhead, insertedAt } from "../test/tour-dates";
import { content } from "./content";
import { tour, type TourDate } from "./tour";
import { dublinSpan, dublinWallTime } from "../lib/dublin-time.mjs";
import { readWithPythonIcalendar } from "../../tools/python-icalendar.mjs";
import { tourDatesFrom } from "./tour-dates";
import {
  tourDateCalendar,
  tourDateEvent,
  tourDateFilename,
  tourDatePages,
  tourDatePath,
  tourFeedCalendar,
  tourFeedPath,
} from "./tour-calendar";

const siteUrl = "https://orlaquinlan.example";
const now = new Date("2025-03-01T12:00:00Z");
const [galway, donegal] = tour.dates;

/** The UTC instant a calendar app places an event's DTSTART or DTEND at. */
function instantOf(event: ICAL.Component, name: "dtstart" | "dtend"): string {
  const time = event.getFirstPropertyValue(name) as ICAL.Time;
  return time.convertToZone(ICAL.Timezone.utcTimezone).toJSDate().toISOString();
}

function eventsOf(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
}

const winterDate: TourDate = {
  ...galway,
  id: "belfast-2025-12-05",
  dateText: "December 5th",
  startDate: "2025-12-05T20:00:00+00:00",
};

describe("tour dates as calendar events", () => {
  it("keeps 20:00 in Dublin for a summer-time date, not shifted by its +01:00 offset", () => {
    const event = tourDateEvent(galway, { siteUrl });
    expect(event.start).toEqual({ dateTime: "2025-04-23T20:00:00", timeZone: "Europe/Dublin" });
    const [parsed] = eventsOf(tourDateCalendar(galway, { siteUrl, now, dates: tour.dates }));
    expect(parsed.getFirstPropertyValue("dtstart")!.toString()).toBe("2025-04-23T20:00:00");
    // …which is the very instant the page's structured data gives.
    expect(instantOf(parsed, "dtstart")).toBe(new Date(galway.startDate).toISOString());
  });

  it("keeps 20:00 in Dublin in winter too, and for a start written in UTC", () => {
    expect(tourDateEvent(winterDate, { siteUrl }).start).toMatchObject({ dateTime: "2025-12-05T20:00:00" });
    const utcWritten = { ...galway, startDate: "2025-04-23T19:00:00Z" };
    expect(tourDateEvent(utcWritten, { siteUrl }).start).toMatchObject({ dateTime: "2025-04-23T20:00:00" });
  });

  it("ends the set duration after doors, across midnight and the clock change", () => {
    expect(tourDateEvent(galway, { siteUrl }).end).toEqual({
      dateTime: "2025-04-23T23:00:00",
      timeZone: "Europe/Dublin",
    });
    // Clocks go back from 02:00 to 01:00 on 26 October 2025: three hours after 23:30 is 01:30, not 02:30, and
    // the second 01:30 of that night, which Dublin wall time cannot say: the show is written in UTC.
    const lateShow = { ...galway, startDate: "2025-10-25T23:30:00+01:00" };
    expect(tourDateEvent(lateShow, { siteUrl })).toMatchObject({
      start: { utc: new Date("2025-10-25T22:30:00Z") },
      end: { utc: new Date("2025-10-26T01:30:00Z") },
    });
  });

  it("gives each date a UID from its id and the site's domain that does not change when the time does", () => {
    const event = tourDateEvent(galway, { siteUrl });
    expect(event.uid).toBe("galway-2025-04-23@orlaquinlan.example");
    const moved = tourDateEvent({ ...galway, startDate: "2025-04-23T21:00:00+01:00" }, { siteUrl });
    expect(moved.uid).toBe(event.uid);
    expect(tourDateEvent(galway, { siteUrl: "https://orla.example/" }).uid).toBe("galway-2025-04-23@orla.example");
  });

  it("puts the venue's name and full address in LOCATION and the ticket or venue link in URL", () => {
    const [parsed] = eventsOf(tourDateCalendar(galway, { siteUrl, now, dates: tour.dates }));
    expect(parsed.getFirstPropertyValue("location")).toBe(
      "The Salthill Room, 14 Seapoint Promenade, Galway, County Galway, H91 X2P4, Ireland",
    );
    expect(parsed.getFirstPropertyValue("url")).toBe(galway.link.href);
    expect(parsed.getFirstPropertyValue("summary")).toBe("Orla Quinlan at The Salthill Room, Galway");
    expect(parsed.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const description = parsed.getFirstPropertyValue("description") as string;
    expect(description).toContain("Doors 20:00.");
    expect(description).toContain(`Tickets: ${galway.link.href}`);
    expect(description).toContain("https://orlaquinlan.example/tour#galway-2025-04-23");
    const [venueSold] = eventsOf(tourDateCalendar(donegal, { siteUrl, now, dates: tour.dates }));
    expect(venueSold.getFirstPropertyValue("description")).toContain(`Venue website: ${donegal.link.href}`);
  });

  it("marks a cancelled date CANCELLED and says so in its title", () => {
    const [parsed] = eventsOf(
      tourDateCalendar({ ...galway, status: "EventCancelled" }, { siteUrl, now, dates: tour.dates }),
    );
    expect(parsed.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(parsed.getFirstPropertyValue("summary")).toBe("Cancelled: Orla Quinlan at The Salthill Room, Galway");
    expect(parsed.getFirstPropertyValue("description")).toMatch(/^This date is cancelled\./);
  });

  it("says nothing of a cancelled date's tickets, in its own file or the feed: neither sold out, price nor sale date", () => {
    const tickets = { price: 20, currency: "EUR", availability: "SoldOut" as const, validFrom: "2025-03-10T10:00:00Z" };
    const off: TourDate = { ...galway, status: "EventCancelled", soldOut: true, tickets };
    const files = [tourDateCalendar(off, { siteUrl, now, dates: [off] }), tourFeedCalendar([off], { siteUrl, now })];
    for (const [event] of files.map(eventsOf)) {
      const description = String(event.getFirstPropertyValue("description"));
      expect(description).toMatch(/^This date is cancelled\./);
      expect(description).not.toMatch(/sold out|€|20\.00|on sale|March 10th/i);
    }
  });

  it("gives a cancelled date no ticket or venue link, as /tour gives none: its link is the date on /tour", () => {
    for (const kind of ["ticket", "venue"] as const) {
      const off: TourDate = { ...galway, status: "EventCancelled", link: { ...galway.link, kind } };
      const files = [tourDateCalendar(off, { siteUrl, now, dates: [off] }), tourFeedCalendar([off], { siteUrl, now })];
      for (const [event] of files.map(eventsOf)) {
        expect(String(event.getFirstPropertyValue("description"))).not.toContain(galway.link.href);
        expect(event.getFirstPropertyValue("url")).toBe(`${siteUrl}/tour#${galway.id}`);
      }
    }
  });

  it("marks a postponed date TENTATIVE", () => {
    const event = tourDateEvent({ ...galway, status: "EventPostponed" }, { siteUrl });
    expect(event.status).toBe("TENTATIVE");
    expect(event.summary).toMatch(/^Postponed: /);
  });

  it("stamps the files with the generation time", () => {
    const [parsed] = eventsOf(tourDateCalendar(galway, { siteUrl, now, dates: tour.dates }));
    expect(parsed.getFirstPropertyValue("dtstamp")!.toString()).toBe("2025-03-01T12:00:00Z");
  });

  it("names a bad start time and its date instead of writing a wrong file", () => {
    expect(() => tourDateEvent({ ...galway, startDate: "April 23rd" }, { siteUrl })).toThrow(
      'Tour date "galway-2025-04-23": startDate "April 23rd" is not an ISO date and time',
    );
  });
});

describe("the tour's calendar files", () => {
  it("has one feed with every date, in order, named after the tour", () => {
    const text = tourFeedCalendar(tour.dates, { siteUrl, now });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.map((event) => event.getFirstPropertyValue("uid"))).toEqual(
      tour.dates.map((date) => `${date.id}@orlaquinlan.example`),
    );
    expect(events.map((event) => event.getFirstPropertyValue("dtstart")!.toString())).toEqual([
      "2025-04-23T20:00:00",
      "2025-04-26T20:00:00",
      "2025-05-02T20:00:00",
    ]);
    expect(text).toMatch(/\r\nX-WR-CALNAME:Orla Quinlan tour dates\r\n/);
  });

  it("has one file per date, under /tour-dates/ and named after the artist when downloaded", () => {
    expect(tourFeedPath).toBe("/tour.ics");
    expect(tour.dates.map(tourDatePath)).toEqual([
      "/tour-dates/galway-2025-04-23.ics",
      "/tour-dates/donegal-2025-04-26.ics",
      "/tour-dates/dublin-2025-05-02.ics",
    ]);
    expect(tourDateFilename(galway)).toBe("orla-quinlan-galway-2025-04-23.ics");
    for (const date of tour.dates)
      expect(eventsOf(tourDateCalendar(date, { siteUrl, now, dates: tour.dates }))).toHaveLength(1);
  });

  it.each([0, 1, 2, 3])(
    "has a date added a year ahead at position %i of the file, in date order, in the feed and in a file of its own",
    (position) => {
      const added = dateAYearAhead(new Date("2026-11-26T12:00:00Z"));
      const dates = tourDatesFrom(insertedAt(content.shows, added, position));
      const feed = eventsOf(tourFeedCalendar(dates, { siteUrl, now }));
      expect(feed.map((event) => event.getFirstPropertyValue("uid"))).toEqual([
        "galway-2025-04-23@orlaquinlan.example",
        "donegal-2025-04-26@orlaquinlan.example",
        "dublin-2025-05-02@orlaquinlan.example",
        `${added.id}@orlaquinlan.example`,
      ]);
      // The build makes one page per date: the past ones and the new one.
      const pages = tourDatePages(dates);
      expect(pages.map((page) => page.params.id)).toEqual(dates.map((date) => date.id));
      const own = pages.find((page) => page.params.id === added.id)!;
      const [event] = eventsOf(tourDateCalendar(own.props.date, { siteUrl, now, dates }));
      expect(event.getFirstPropertyValue("dtstart")!.toString()).toBe(`${added.startDate.slice(0, 10)}T20:00:00`);
      expect(event.getFirstPropertyValue("summary")).toBe("Orla Quinlan at The Linen Hall, Belfast");
      expect(event.getFirstPropertyValue("url")).toBe(added.link);
    },
  );

  it("links a show the tour card no longer lists to /tour itself, and every other to its row there", () => {
    // Fourteen weekly shows, all over by `later`: the card lists the latest twelve of them.
    const later = new Date("2030-06-01T12:00:00Z");
    const week = (index: number) => ({
      ...dateAYearAhead(new Date(later.getTime() - (100 - index * 7) * 86_400_000 - 365 * 86_400_000)),
      id: `week-${index}`,
    });
    const dates = tourDatesFrom([...Array.from({ length: 14 }, (_, index) => week(index))]);
    const linkOf = (event: ICAL.Component) =>
      String(event.getFirstPropertyValue("description")).match(/All tour dates: (\S+)/)?.[1];
    const feed = eventsOf(tourFeedCalendar(dates, { siteUrl, now: later }));
    expect(feed.map(linkOf)).toEqual([
      `${siteUrl}/tour`,
      `${siteUrl}/tour`,
      ...dates.slice(2).map((date) => `${siteUrl}/tour#${date.id}`),
    ]);
    // Each date's own file, as the build writes it at /tour-dates/, says the same as the feed.
    const own = tourDatePages(dates).map((page) =>
      linkOf(eventsOf(tourDateCalendar(page.props.date, { siteUrl, now: later, dates }))[0]!),
    );
    expect(own).toEqual(feed.map(linkOf));
    // Before the shows were over, every one of them had its row.
    const before = eventsOf(
      tourFeedCalendar(dates, { siteUrl, now: new Date(Date.parse(dates[0].startDate) - 86_400_000) }),
    );
    expect(before.map(linkOf)).toEqual(dates.map((date) => `${siteUrl}/tour#${date.id}`));
  });

  it("reads Dublin's clock, summer time included", () => {
    expect(dublinWallTime(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01T00:30:00");
    expect(dublinWallTime(new Date("2025-01-31T23:30:00Z"))).toBe("2025-01-31T23:30:00");
  });

  it("writes the end of a show past the clocks going back so that every reader counts its three hours", async () => {
    // Doors at 23:00 on the last Saturday of October 2026: over at 01:00 after the clocks went back at 02:00,
    // a wall time that comes twice that night. Written as such, a strict reader takes the first: two hours.
    const late: TourDate = { ...winterDate, id: "cork-2026-10-24", startDate: "2026-10-24T23:00:00+01:00" };
    const text = tourDateCalendar(late, { siteUrl, now, dates: [late] });
    expect(text).toContain("DTSTART:20261024T220000Z\r\n");
    expect(text).toContain("DTEND:20261025T010000Z\r\n");
    const [event] = eventsOf(text);
    expect([instantOf(event!, "dtstart"), instantOf(event!, "dtend")]).toEqual([
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T01:00:00.000Z",
    ]);
    const [read] = (await readWithPythonIcalendar(text)).events;
    expect([read.START, read.END].map((time: string) => new Date(time).toISOString())).toEqual([
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T01:00:00.000Z",
    ]);
    // The first 01:00 of that night (summer time, an hour earlier) is the wall time it is, and so is a time
    // after the clocks went forward.
    expect(dublinSpan(new Date("2026-10-24T21:00:00Z"), new Date("2026-10-25T00:00:00Z"))).toEqual({
      start: { dateTime: "2026-10-24T22:00:00", timeZone: "Europe/Dublin" },
      end: { dateTime: "2026-10-25T01:00:00", timeZone: "Europe/Dublin" },
    });
    expect(dublinSpan(new Date("2026-03-29T01:30:00Z"))).toEqual({
      start: { dateTime: "2026-03-29T02:30:00", timeZone: "Europe/Dublin" },
    });
  });

  it("are typed by their extension, with no deploy header rule that could type a 404 page as a calendar", async () => {
    const rules = await loadNetlifyHeaders();
    for (const path of [tourFeedPath, ...tour.dates.map(tourDatePath), "/TOUR.ics", "/tour.ics/", "/x.ics"]) {
      expect(headersFor(rules, path)["Content-Type"], path).toBeUndefined();
    }
  });
});
