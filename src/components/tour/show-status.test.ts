// What has become of a show, as fans read it on /tour's card and in the next show of / and /listen: a
// postponed show is listed with its mark but is never the next show, nor offered for a calendar, a sold-out one
// says so, a rescheduled one says the day it had (or its doors, when it is still on that day), and a show abroad
// reads on its own day, doors as the venue's clock has them.
import ICAL from "ical.js";
import type { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import NextShow from "./NextShow.astro";
import TourCard from "./TourCard.astro";
import { listen } from "../../data/listen";
import { tour } from "../../data/tour";
import { tourDateCalendar, tourDateEvent, tourFeedCalendar } from "../../data/tour-calendar";
import { tourDatesFrom } from "../../data/tour-dates";
import { showSchema, type ShowEntry } from "../../lib/content-schemas";
import { musicEvent } from "../../lib/structured-data";
import { createRenderer, openAt } from "../../test/pages";
import { dateAYearAhead } from "../../test/tour-dates";

let astro: AstroContainer;
beforeAll(async () => {
  astro = await createRenderer();
});

const TODAY = "2026-11-26T12:00:00Z";
const DAY = 86_400_000;
/** A show `days` after the one a year ahead, as the calendar publishes it. */
const show = (id: string, days: number, change: Partial<ShowEntry> = {}): ShowEntry =>
  showSchema.parse({
    ...dateAYearAhead(new Date(Date.parse(TODAY) + days * DAY), { tickets: false }),
    id,
    ...change,
  });

const words = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** What a fan reads of `entries` on a page built at `builtAt` and opened at `readAt`. */
async function seen(
  entries: ShowEntry[],
  { builtAt = TODAY, readAt = builtAt }: { builtAt?: string; readAt?: string } = {},
) {
  const dates = tourDatesFrom(entries);
  const now = new Date(builtAt);
  const card = await astro.renderToString(TourCard, {
    props: { title: tour.cardTitle, dates, now, newTabHint: tour.newTabHint, calendar: tour.calendar, copy: tour },
  });
  const next = await astro.renderToString(NextShow, {
    props: { dates, now, ...listen.nextShow },
  });
  const { document: cardPage, shown: shownOnCard } = openAt(card, readAt);
  const { document: nextPage, shown } = openAt(next, readAt);
  /** The text of `node` a fan sees: without the parts the rules leave unshown. */
  const seenText = (node: Node): string =>
    node.nodeType === node.TEXT_NODE
      ? (node.textContent ?? "")
      : node.nodeType === node.ELEMENT_NODE && !shownOnCard(node as Element)
        ? " "
        : [...node.childNodes].map(seenText).join("");
  const nextShown = [...nextPage.querySelectorAll(".show-stack > *")].find(shown);
  return {
    rows: [...cardPage.querySelectorAll("li")].map((row) => ({
      id: row.id,
      says: words(row.querySelector("div")),
      sees: seenText(row.querySelector("div")!).replace(/\s+/g, " ").trim(),
      tickets: row.querySelector('a[target="_blank"]')?.getAttribute("href") ?? null,
      /** Every link of the row, as its accessible text reads. */
      links: [...row.querySelectorAll("a")].map(words),
      ticketsShown: [...row.querySelectorAll('a[target="_blank"]')].some(shownOnCard),
    })),
    next: words(nextShown?.querySelector("p")),
    /** Each line of the next show's box a fan sees, its links apart. */
    nextLines: [...(nextShown?.querySelectorAll("p") ?? [])].map(words),
    /** The links of the next show's box as a fan sees it: each one's text and where it leads. */
    nextLinks: [...(nextShown?.querySelectorAll("a") ?? [])].map(
      (link) => `${words(link)} → ${link.getAttribute("href")}`,
    ),
    /** The next show above the card's dates, as /tour says it. */
    cardNext: words([...cardPage.querySelectorAll(".show-stack > *")].find(shownOnCard)),
  };
}

const siteUrl = "https://example.test";

/** The STATUS and SUMMARY of each event of an .ics file, by UID. */
function calendarEvents(text: string) {
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
  return Object.fromEntries(
    events.map((event) => [
      String(event.getFirstPropertyValue("uid")),
      { status: event.getFirstPropertyValue("status"), summary: event.getFirstPropertyValue("summary") },
    ]),
  );
}

describe("a postponed show", () => {
  it("is listed after the shows still to come, marked, with its tickets kept, and is never the next show", async () => {
    const postponed = show("postponed", 0, { status: "postponed" });
    const later = show("later", 20);
    const { rows, next } = await seen([postponed, later]);
    expect(rows.map((row) => row.id)).toEqual(["later", "postponed"]);
    expect(rows[1].says).toContain("Postponed");
    expect(rows[1].says).toContain("A new date will follow.");
    expect(rows[0].says).not.toContain("A new date will follow.");
    expect(rows[1].tickets).toBe(postponed.link);
    expect(next).toMatch(/^December 16th 2027, The Linen Hall, Belfast$/);
    // Alone, it leaves no next show: neither / nor /tour says there are no shows while it waits for its new date.
    const alone = await seen([postponed]);
    const waiting = "No confirmed dates coming up right now: a postponed show's new date will follow.";
    expect(alone.next).toBe(waiting);
    expect(alone.cardNext).toContain(waiting);
    expect(alone.rows.map((row) => row.id)).toEqual(["postponed"]);
    // / and /listen do not list it: they lead to it on /tour, and on to news of the next tour.
    expect(alone.nextLinks).toEqual([
      "See the postponed show → /tour#postponed",
      "Sign up for news to hear about the next tour first → /listen#signup",
    ]);
    // Two of them are counted; once none is postponed, the plain words come back.
    const two = await seen([postponed, show("also", 5, { status: "postponed" })]);
    expect(two.cardNext).toContain("the new dates of 2 postponed shows will follow.");
    expect(two.nextLinks[0]).toBe("See the postponed shows → /tour#postponed");
    const none = await seen([show("off", 0, { status: "cancelled" })]);
    expect(none.next).toBe("No shows coming up right now.");
    expect(none.nextLinks).toEqual(["Sign up for news to hear about the next tour first → /listen#signup"]);
  });

  it("offers no Add to calendar for its old day, keeps its tickets, and is tentative in the calendar files", async () => {
    const postponed = show("postponed", 0, { status: "postponed" });
    const later = show("later", 20);
    const { rows } = await seen([postponed, later]);
    const [laterRow, postponedRow] = rows;
    expect(postponedRow.links).toEqual(["Tickets for November 26th 2027 (opens in a new tab) ↗"]);
    expect(laterRow.links).toContain("Add to calendar for December 16th 2027 at The Linen Hall, Belfast");
    // Neither the whole tour's file nor its own holds it as confirmed on the old day.
    const dates = tourDatesFrom([postponed, later]);
    const now = new Date(TODAY);
    const uid = "postponed@example.test";
    const expected = { status: "TENTATIVE", summary: "Postponed: Orla Quinlan at The Linen Hall, Belfast" };
    expect(calendarEvents(tourFeedCalendar(dates, { siteUrl, now }))[uid]).toEqual(expected);
    expect(calendarEvents(tourDateCalendar(dates[0]!, { siteUrl, now, dates }))[uid]).toEqual(expected);
  });

  it("stays news once its old day has gone by, never a past show, whether the page was built before or after", async () => {
    const postponed = show("postponed", 0, { status: "postponed" });
    const over = show("over", -30);
    const dayAfter = new Date(Date.parse(postponed.startDate) + 2 * DAY).toISOString();
    for (const when of [{ builtAt: TODAY, readAt: dayAfter }, { builtAt: dayAfter }]) {
      const rows = new Map((await seen([postponed, over], when)).rows.map((row) => [row.id, row]));
      expect(rows.get("postponed")?.sees, JSON.stringify(when)).toContain("Postponed");
      expect(rows.get("postponed")?.sees, JSON.stringify(when)).not.toContain("Past show");
      expect(rows.get("postponed")?.ticketsShown, JSON.stringify(when)).toBe(true);
      expect(rows.get("over")?.sees, JSON.stringify(when)).toContain("Past show");
    }
  });
});

describe("a sold-out show", () => {
  it("is marked sold out on the card and where the next show is, and in its calendar file and structured data", async () => {
    const soldOut = show("sold-out", 0, { soldOut: true });
    const { rows, next, cardNext } = await seen([soldOut]);
    expect(rows[0].says).toContain("Sold out");
    // Beside its date: the "Past show" mark, hidden until the show is over, keeps its space after it, not before.
    expect(rows[0].says).toMatch(/^November 26th 2027 Sold out /);
    expect(next).toBe("November 26th 2027, The Linen Hall, Belfast (Sold out)");
    expect(cardNext).toBe("Next show: November 26th 2027, The Linen Hall, Belfast (Sold out)");
    const [date] = tourDatesFrom([soldOut]);
    expect(tourDateEvent(date, { siteUrl: "https://example.test" }).description).toContain("Sold out.");
    const artist = { name: "Orla Quinlan", url: "https://example.test/" };
    expect(musicEvent(date, artist, { pageUrl: "https://example.test/tour" }).offers).toMatchObject({
      availability: "https://schema.org/SoldOut",
    });
  });
});

describe("a show's tickets, as the team gives them", () => {
  it("say when few are left, from when they are on sale and, but for a cancelled show, the price", async () => {
    const tickets = { price: 18, currency: "EUR", availability: "few-left", onSale: "2027-01-10T10:00:00+00:00" };
    const going = show("going", 0, { tickets } as Partial<ShowEntry>);
    const gone = show("gone", 10, { tickets, soldOut: true } as Partial<ShowEntry>);
    const off = show("off", 20, { tickets, status: "cancelled" } as Partial<ShowEntry>);
    const { rows } = await seen([going, gone, off]);
    expect(rows[0].says).toMatch(/^November 26th 2027 Few left /);
    expect(rows[0].says).toContain("Doors 20:00 · €18.00 On sale from January 10th 2027, 10:00");
    for (const row of rows.slice(1)) {
      expect(row.says, row.id).not.toContain("Few left");
      expect(row.says, row.id).not.toContain("On sale from");
    }
    // A cancelled show offers no tickets at all: its doors alone, not what they cost.
    expect(rows[2].says).toContain("Doors 20:00");
    expect(rows[2].says).not.toContain("€");
    expect(rows[1].says).toContain("Doors 20:00 · €18.00");
  });

  it("stop saying from when they are on sale once they are, whether the page was built before or after", async () => {
    const onSale = "2027-01-10T10:00:00+00:00";
    const going = show("going", 0, { tickets: { price: 18, currency: "EUR", onSale } } as Partial<ShowEntry>);
    const before = "2027-01-10T09:59:00Z";
    expect((await seen([going], { builtAt: before })).rows[0].sees).toContain("On sale from January 10th, 10:00");
    const after = "2027-01-10T10:01:00Z";
    for (const when of [{ builtAt: before, readAt: after }, { builtAt: after }]) {
      const { rows } = await seen([going], when);
      expect(rows[0].sees, JSON.stringify(when)).not.toContain("On sale from");
      expect(rows[0].sees, JSON.stringify(when)).toContain("Doors 20:00 · €18.00");
    }
  });
});

describe("a rescheduled show", () => {
  it("is marked rescheduled and says the day it had", async () => {
    const moved = show("moved", 0, { status: "rescheduled", previousStartDate: "2027-10-02T20:00:00+01:00" });
    const { rows, nextLines } = await seen([moved]);
    expect(rows[0].says).toContain("Rescheduled");
    expect(rows[0].says).toContain("Moved from October 2nd 2027");
    // Where / and /listen show it as the next show too, in the card's words: a fan holding a ticket for the old day
    // is told.
    expect(nextLines).toEqual([
      "November 26th 2027, The Linen Hall, Belfast",
      "Rescheduled · Moved from October 2nd 2027",
    ]);
    // A show that was not moved has its date and venue alone.
    expect((await seen([show("as-planned", 0)])).nextLines).toEqual(["November 26th 2027, The Linen Hall, Belfast"]);
    const [date] = tourDatesFrom([moved]);
    expect(tourDateEvent(date, { siteUrl: "https://example.test" }).description).toContain(
      "This date was moved from October 2nd 2027.",
    );
  });
});

describe("a show whose doors alone were moved, on the same day", () => {
  it("stays marked rescheduled, and says the doors it had, never that it moved from the day it is on", async () => {
    const doors = show("doors", 0, {
      startDate: "2027-12-12T20:00:00+00:00",
      status: "rescheduled",
      previousStartDate: "2027-12-12T19:30:00+00:00",
    });
    const { rows, nextLines } = await seen([doors]);
    expect(rows[0].says).toMatch(/^December 12th 2027 Rescheduled /);
    expect(rows[0].says).toContain("Doors moved from 19:30");
    expect(rows[0].says).not.toContain("Moved from");
    expect(nextLines[1]).toBe("Rescheduled · Doors moved from 19:30");
    expect(rows[0].says).toContain("Doors 20:00");
    const [date] = tourDatesFrom([doors]);
    const { description } = tourDateEvent(date!, { siteUrl });
    expect(description).toContain("Doors moved from 19:30.");
    expect(description).not.toMatch(/moved from December/i);
    // A new start is what schema.org's EventRescheduled is: search engines are told the start it had.
    const artist = { name: "Orla Quinlan", url: "https://example.test/" };
    expect(musicEvent(date!, artist, { pageUrl: "https://example.test/tour" })).toMatchObject({
      eventStatus: "https://schema.org/EventRescheduled",
      previousStartDate: "2027-12-12T19:30:00+00:00",
    });
  });

  it("reads the day where the show is: moved within New York's evening, it is on the day it was", async () => {
    // 18:00 in New York is 23:00 in Dublin on the 12th; 20:00 is 01:00 there on the 13th.
    const doors = show("new-york", 0, {
      startDate: "2027-03-12T20:00:00-05:00",
      status: "rescheduled",
      previousStartDate: "2027-03-12T18:00:00-05:00",
    });
    const { rows } = await seen([doors]);
    expect(rows[0].says).toContain("Doors moved from 18:00");
    expect(rows[0].says).not.toContain("Moved from");
  });

  it("is said moved from its day when the day changed, even by minutes over midnight", async () => {
    const late = show("late", 0, {
      startDate: "2027-12-13T00:15:00+00:00",
      status: "rescheduled",
      previousStartDate: "2027-12-12T23:45:00+00:00",
    });
    const { rows } = await seen([late]);
    expect(rows[0].says).toContain("Moved from December 12th 2027");
    expect(rows[0].says).not.toContain("Doors moved from");
    const [date] = tourDatesFrom([late]);
    expect(tourDateEvent(date!, { siteUrl }).description).toContain("This date was moved from December 12th 2027.");
  });
});

describe("a show abroad", () => {
  it("reads on the day it is where the show is, doors at the venue's time, with its price where given", async () => {
    // 20:00 in New York is 01:00 the next day in Dublin.
    const newYork = show("new-york", 0, { startDate: "2027-03-12T20:00:00-05:00" });
    const { rows, next } = await seen([newYork, show("priced", 10, { tickets: { price: 18.5, currency: "EUR" } })]);
    expect(rows[0].says).toMatch(/^March 12th 2027/);
    expect(rows[0].says).toContain("Doors 20:00");
    expect(rows[1].says).toContain("Doors 20:00 · €18.50");
    expect(next).toMatch(/^March 12th 2027,/);
    const [date] = tourDatesFrom([newYork]);
    expect(tourDateEvent(date, { siteUrl: "https://example.test" }).description).toContain("Doors 20:00.");
  });
});
