import { describe, expect, it } from "vitest";
import { dateAYearAhead, insertedAt } from "../test/tour-dates";
import { content } from "./content";
import { tour, tourJsonLd, tourLinkLabels } from "./tour";
import { dateTextAt, dateTextOf, tourDateOf, tourDatesFrom } from "./tour-dates";

/** The UTC offset ("+01:00") that a time zone has at an instant. */
function offsetIn(timeZone: string, instant: Date): string {
  const name = new Intl.DateTimeFormat("en-IE", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
  return name === "GMT" ? "+00:00" : name.replace("GMT", "");
}

describe("tour data", () => {
  it("keeps the card title exactly as given", () => {
    expect(tour.cardTitle).toBe("Ireland Tour - April 2024");
  });

  it("has Galway, Donegal and Dublin on April 23rd, April 26th and May 2nd", () => {
    expect(tour.dates.map((date) => [date.dateText, date.venue.address.region])).toEqual([
      ["April 23rd", "County Galway"],
      ["April 26th", "County Donegal"],
      ["May 2nd", "County Dublin"],
    ]);
    expect(tour.dates.map((date) => date.link.kind)).toEqual(["ticket", "venue", "ticket"]);
  });

  it.each(tour.dates.map((date) => [date.id, date] as const))(
    "%s starts at an ISO time with Dublin's offset on that day",
    (_, date) => {
      expect(date.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      const instant = new Date(date.startDate);
      expect(Number.isNaN(instant.getTime())).toBe(false);
      expect(date.startDate.slice(-6)).toBe(offsetIn(tour.timeZone, instant));
    },
  );

  it("links every date to an absolute https URL with a label for its kind", () => {
    for (const date of tour.dates) {
      expect(new URL(date.link.href).protocol).toBe("https:");
      expect(tourLinkLabels[date.link.kind]).toMatch(/\w/);
    }
  });

  it("gives every date a unique id usable as a URL fragment", () => {
    const ids = tour.dates.map((date) => date.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  it("lists the dates in date order, whatever order the file holds them in", () => {
    const reversed = [...content.shows].reverse();
    expect(tourDatesFrom(reversed).map((date) => date.id)).toEqual([
      "galway-2025-04-23",
      "donegal-2025-04-26",
      "dublin-2025-05-02",
    ]);
  });

  it.each([0, 1, 2, 3])(
    "puts a date added a year ahead at position %i of the file in its place by date",
    (position) => {
      const added = dateAYearAhead(new Date("2026-11-26T12:00:00Z"));
      const dates = tourDatesFrom(insertedAt(content.shows, added, position));
      expect(dates.map((date) => date.id)).toEqual([...tour.dates.map((date) => date.id), added.id]);
      expect(dates.at(-1)).toMatchObject({ dateText: "November 26th", link: { kind: "ticket", href: added.link } });
    },
  );
});

describe("a tour date as the pages show it", () => {
  it.each([
    ["2025-04-23T20:00:00+01:00", "April 23rd"],
    ["2025-05-02T20:00:00+01:00", "May 2nd"],
    ["2027-03-11T20:00:00Z", "March 11th"],
    ["2027-03-21T20:00:00Z", "March 21st"],
    // Doors at 20:00 in New York are the 12th there, whatever the day in Dublin (already the 13th).
    ["2027-03-12T20:00:00-05:00", "March 12th"],
    ["2027-03-13T00:30:00+01:00", "March 13th"],
    ["2025-12-31T23:30:00+14:00", "December 31st"],
  ])("shows %s as the day it is where the show is, with an ordinal: %s", (startDate, shown) => {
    expect(dateTextOf(startDate)).toBe(shown);
  });

  it.each([
    // Built on 2026-11-26: a date of that year reads as the content gives it; any other with its year.
    ["2026-11-26T12:00:00Z", "2026-12-05T20:00:00Z", "December 5th"],
    ["2026-11-26T12:00:00Z", "2027-11-26T20:00:00Z", "November 26th 2027"],
    ["2026-11-26T12:00:00Z", "2025-04-23T20:00:00+01:00", "April 23rd 2025"],
    ["2025-04-01T12:00:00Z", "2025-04-23T20:00:00+01:00", "April 23rd"],
    // The build's year is Ireland's; the show's is where it is.
    ["2026-12-31T23:30:00Z", "2027-01-01T00:30:00+00:00", "January 1st 2027"],
    ["2027-01-01T00:30:00Z", "2027-01-01T20:00:00Z", "January 1st"],
    ["2026-06-30T12:00:00Z", "2026-12-31T20:00:00-05:00", "December 31st"],
    ["2027-01-01T00:30:00Z", "2026-12-31T20:00:00-05:00", "December 31st 2026"],
  ])("on a page built at %s, shows %s as %s", (builtAt, startDate, shown) => {
    expect(dateTextAt(startDate, new Date(builtAt))).toBe(shown);
  });

  it("gives search engines the tickets' facts in schema.org's words, and a status for every date", () => {
    const added = dateAYearAhead(new Date("2026-11-26T12:00:00Z"));
    expect(tourDateOf(added)).toMatchObject({
      status: "EventScheduled",
      tickets: { price: 22.5, currency: "GBP", availability: "InStock", validFrom: added.tickets!.onSale },
    });
    expect(tourDateOf({ ...added, status: "cancelled", tickets: undefined })).toMatchObject({
      status: "EventCancelled",
    });
    expect(tourDateOf({ ...added, tickets: undefined })).not.toHaveProperty("tickets");
  });
});

describe("/tour's structured data", () => {
  const base = new URL("https://orlaquinlan.example");
  const today = new Date("2026-11-26T12:00:00Z");

  it("has no event on today's date: every date in the content is over", () => {
    expect(tourJsonLd(tour.dates, today, base)).toEqual([]);
  });

  it("lists only the dates not over yet", () => {
    const events = tourJsonLd(tour.dates, new Date("2025-04-24T12:00:00Z"), base);
    expect(events.map((event) => event.startDate)).toEqual(["2025-04-26T20:00:00+01:00", "2025-05-02T20:00:00+01:00"]);
  });

  it("keeps a postponed show, with its old date, however long ago that was, as the card does", () => {
    const postponed = tour.dates.map((date, index) => (index === 0 ? { ...date, status: "EventPostponed" } : date));
    const events = tourJsonLd(postponed as typeof tour.dates, today, base);
    expect(events.map((event) => [event.startDate, event.eventStatus])).toEqual([
      [tour.dates[0]!.startDate, "https://schema.org/EventPostponed"],
    ]);
  });

  it.each([0, 1, 2, 3])(
    "has a date added a year ahead at position %i of the file, as Google's event results read it",
    (position) => {
      const added = dateAYearAhead(today);
      const [event, ...others] = tourJsonLd(tourDatesFrom(insertedAt(content.shows, added, position)), today, base);
      expect(others).toEqual([]);
      expect(event).toMatchObject({
        "@type": "MusicEvent",
        name: "Orla Quinlan at The Linen Hall, Belfast",
        startDate: added.startDate,
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        url: `https://orlaquinlan.example/tour#${added.id}`,
        location: {
          "@type": "Place",
          name: "The Linen Hall",
          address: { "@type": "PostalAddress", streetAddress: "17 Donegall Square", addressCountry: "GB" },
        },
        performer: { "@type": "MusicGroup", name: "Orla Quinlan" },
        organizer: { "@type": "MusicGroup", name: "Orla Quinlan" },
        offers: {
          "@type": "Offer",
          url: added.link,
          price: "22.50",
          priceCurrency: "GBP",
          availability: "https://schema.org/InStock",
          validFrom: added.tickets!.onSale,
        },
      });
    },
  );
});
