import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, downloadDuring, useBrowser } from "./browser";
import { htmlAndCssGzipBytes, inlineScriptBytes, jsonLd, visit } from "./visit";

const getBrowser = useBrowser();

type MusicEvent = {
  "@context": string;
  name: string;
  startDate: string;
  eventStatus: string;
  eventAttendanceMode: string;
  location: {
    "@type": string;
    name: string;
    address: { "@type": string; addressLocality: string; streetAddress: string; postalCode: string };
  };
  performer: { "@type": string; name: string };
  offers?: { url: string };
};

const dates = [
  { date: "April 23rd", town: "Galway", link: "Tickets", month: "04", day: "23", venue: "The Salthill Room, Galway" },
  {
    date: "April 26th",
    town: "Donegal",
    link: "Venue website",
    month: "04",
    day: "26",
    venue: "The Harbour Loft, Donegal Town",
  },
  { date: "May 2nd", town: "Dublin", link: "Tickets", month: "05", day: "02", venue: "The Cornmarket Room, Dublin" },
];

/** Fetches a calendar link the way a calendar app would, and parses what comes back with ical.js. */
async function fetchCalendar(href: string) {
  const response = await fetch(new URL(href, baseURL));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await response.text();
  return { text, calendar: new ICAL.Component(ICAL.parse(text)) };
}

/** What a clock in Dublin shows at an event's start: "2025-04-23T20:00:00". */
function dublinStart(event: ICAL.Component): string {
  const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
  expect(start.zone?.tzid).toBe("Europe/Dublin");
  return start.toString();
}

describe("tour page", () => {
  it("shows the Ireland tour card with its three dates", async () => {
    const { page, errors, close } = await visit(getBrowser, "/tour");
    await expect(page.getByRole("heading", { level: 1, name: "Tour Dates" }).isVisible()).resolves.toBe(true);
    const card = page.getByRole("region", { name: "Ireland Tour - April 2024" });
    await expect(card.isVisible()).resolves.toBe(true);
    const items = card.getByRole("listitem");
    expect(await items.count()).toBe(3);
    for (const [index, { date, town }] of dates.entries()) {
      const text = await items.nth(index).innerText();
      expect(text).toContain(date);
      expect(text).toContain(town);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it("opens every date's link in a new tab, safely, and says so to screen readers", async () => {
    const { page, close } = await visit(getBrowser, "/tour");
    for (const { date, link } of dates) {
      const anchor = page.getByRole("link", { name: `${link} for ${date} (opens in a new tab)` });
      await expect(anchor.isVisible()).resolves.toBe(true);
      expect(await anchor.getAttribute("target")).toBe("_blank");
      expect(await anchor.getAttribute("rel")).toBe("noopener noreferrer");
      expect(new URL((await anchor.getAttribute("href"))!).protocol).toBe("https:");
    }
    // Clicking really opens a second tab and leaves the tour page where it was.
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: /^Tickets for April 23rd/ }).click(),
    ]);
    expect(popup).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe("/tour");
    await close();
  });

  it("keeps the photo in view beside the card while the page scrolls on a wide screen", async () => {
    const height = 480;
    const { page, close } = await visit(getBrowser, "/tour", { width: 1280, height });
    const photo = page.getByRole("img", { name: /hillside/ });
    const card = page.getByRole("region", { name: "Ireland Tour - April 2024" });
    const [photoBox, cardBox] = [await photo.boundingBox(), await card.boundingBox()];
    expect(photoBox!.x).toBeGreaterThanOrEqual(cardBox!.x + cardBox!.width);
    /** Scrolls to `y` and says where the photo and the card are on screen. */
    const at = (y: number) =>
      page.evaluate((target) => {
        scrollTo({ top: target, behavior: "instant" });
        const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        return {
          photo: rect("main picture img"),
          cardTop: rect("main section").top,
          navBottom: rect("header").bottom,
        };
      }, y);
    const fullyInView = (view: Awaited<ReturnType<typeof at>>) =>
      view.photo.top >= view.navBottom - 1 && view.photo.bottom <= height + 1;
    // The page's content ends where the footer starts; the photo stays with the content, not over the footer.
    const maxScroll = await page.evaluate(
      () => document.querySelector("footer")!.getBoundingClientRect().top + scrollY - innerHeight,
    );
    // From the moment the whole photo is on screen to the end of the content, it stays on screen.
    let first = -1;
    for (let y = 0; y <= maxScroll; y += 10) {
      if (fullyInView(await at(y))) {
        first = y;
        break;
      }
    }
    expect(first).toBeGreaterThanOrEqual(0);
    expect(maxScroll - first).toBeGreaterThan(60);
    const start = await at(first);
    for (let y = first; y <= maxScroll + 10; y += 10) {
      const view = await at(Math.min(y, maxScroll));
      expect(fullyInView(view), `photo in view at scrollY ${y}`).toBe(true);
    }
    // …while the card scrolled away with the page.
    const end = await at(maxScroll);
    expect(start.cardTop - end.cardTop).toBeGreaterThan(60);
    await close();
  });

  it("stacks the photo below the card on a phone, loading it lazily", async () => {
    const { page, close } = await visit(getBrowser, "/tour", { width: 390, height: 800 });
    const photo = page.getByRole("img", { name: /hillside/ });
    expect(await photo.getAttribute("loading")).toBe("lazy");
    const card = await page.getByRole("region", { name: "Ireland Tour - April 2024" }).boundingBox();
    const box = await photo.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(card!.y + card!.height);
    expect(box!.width).toBeGreaterThan(300);
    await close();
  });

  it("describes each date as a schema.org MusicEvent matching the card", async () => {
    const { page, close } = await visit(getBrowser, "/tour");
    const events = (await jsonLd(page)).filter((data) => data["@type"] === "MusicEvent") as unknown as MusicEvent[];
    expect(events).toHaveLength(3);
    const card = await page.getByRole("region", { name: "Ireland Tour - April 2024" }).innerText();
    for (const [index, event] of events.entries()) {
      const { month, day, town } = dates[index];
      expect(event["@context"]).toBe("https://schema.org");
      expect(event.name).toMatch(/\w/);
      // ISO 8601 in Irish summer time, on the day the card shows.
      expect(event.startDate).toMatch(new RegExp(`^\\d{4}-${month}-${day}T\\d\\d:\\d\\d:\\d\\d\\+01:00$`));
      expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
      expect(event.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
      expect(event.location["@type"]).toBe("Place");
      expect(card).toContain(event.location.name);
      expect(event.location.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "IE" });
      expect(event.location.address.addressLocality).toContain(town);
      expect(event.location.address.streetAddress).toMatch(/\w/);
      expect(event.location.address.postalCode).toMatch(/\w/);
      expect(event.performer).toMatchObject({ "@type": "MusicGroup", name: "Orla Quinlan" });
    }
    // Offers carry the ticket link where the date has one, and only there.
    const ticketLinks = await page
      .getByRole("link", { name: /^Tickets for/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(events.map((event) => event.offers?.url)).toEqual([ticketLinks[0], undefined, ticketLinks[1]]);
    await close();
  });

  it("loads no JavaScript file, under 1 KB of inline script, 14 KB of HTML and CSS, and has no accessibility violations", async () => {
    const { page, scripts, close } = await visit(getBrowser, "/tour");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await inlineScriptBytes(page)).toBeLessThan(1024);
    // HTML and CSS fit in the first 14 KB the server sends.
    expect(await htmlAndCssGzipBytes("/tour")).toBeLessThanOrEqual(14 * 1024);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it("lets a visitor add each date to a calendar, with links a screen reader tells apart", async () => {
    const { page, close } = await visit(getBrowser, "/tour");
    const card = page.getByRole("region", { name: "Ireland Tour - April 2024" });
    for (const [index, { date, venue, month, day }] of dates.entries()) {
      const link = card.getByRole("link", { name: `Add to calendar for ${date} at ${venue}`, exact: true });
      await expect(link.isVisible()).resolves.toBe(true);
      // It sits in that date's row, and says "Add to calendar" on screen.
      expect(
        await card
          .getByRole("listitem")
          .nth(index)
          .getByRole("link", { name: /^Add to calendar/ })
          .count(),
      ).toBe(1);
      expect(await link.innerText()).toMatch(/^Add to calendar/);
      expect(await link.getAttribute("download")).toMatch(/^orla-quinlan-.+\.ics$/);
      const { calendar } = await fetchCalendar((await link.getAttribute("href"))!);
      const events = calendar.getAllSubcomponents("vevent");
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event.getFirstPropertyValue("summary")).toBe(`Orla Quinlan at ${venue}`);
      const location = event.getFirstPropertyValue("location") as string;
      for (const part of venue.split(", ")) expect(location).toContain(part);
      // The address on the card is the address in the calendar.
      const address = await card.getByRole("listitem").nth(index).locator("p").nth(2).innerText();
      for (const part of address.split(", ")) expect(location).toContain(part);
      expect(dublinStart(event)).toBe(`2025-${month}-${day}T20:00:00`);
      expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
      const outLink = card.getByRole("link", { name: new RegExp(`for ${date} \\(opens in a new tab\\)`) });
      expect(event.getFirstPropertyValue("url")).toBe(await outLink.getAttribute("href"));
    }
    await close();
  });

  it("offers every date in one calendar file, whose events update rather than duplicate the single ones", async () => {
    const { page, close } = await visit(getBrowser, "/tour");
    const link = page.getByRole("link", { name: "Add all dates to your calendar" });
    await expect(link.isVisible()).resolves.toBe(true);
    expect(await link.getAttribute("download")).toBe("orla-quinlan-tour.ics");
    const { calendar } = await fetchCalendar((await link.getAttribute("href"))!);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Orla Quinlan tour dates");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.map((event) => event.getFirstPropertyValue("summary"))).toEqual(
      dates.map(({ venue }) => `Orla Quinlan at ${venue}`),
    );
    expect(events.map(dublinStart)).toEqual(dates.map(({ month, day }) => `2025-${month}-${day}T20:00:00`));
    // Same UID as the date's own file: adding both leaves one entry per date.
    const singleHrefs = await page
      .getByRole("link", { name: /^Add to calendar for/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    const singleUids = await Promise.all(
      singleHrefs.map(async (href) =>
        (await fetchCalendar(href)).calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("uid"),
      ),
    );
    expect(events.map((event) => event.getFirstPropertyValue("uid"))).toEqual(singleUids);
    expect(new Set(singleUids).size).toBe(dates.length);
    await close();
  });

  it("downloads the date's calendar file when the link is clicked, still without JavaScript", async () => {
    const { page, scripts, close } = await visit(getBrowser, "/tour", { width: 390, height: 800 });
    const link = page.getByRole("link", { name: "Add to calendar for May 2nd at The Cornmarket Room, Dublin" });
    const { filename, text } = await downloadDuring(page, () => link.click());
    expect(filename).toBe("orla-quinlan-dublin-2025-05-02.ics");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("summary")).toBe("Orla Quinlan at The Cornmarket Room, Dublin");
    expect(new URL(page.url()).pathname).toBe("/tour");
    expect(scripts).toEqual([]);
    // The links wrap on a phone without breaking accessibility.
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it("still serves the tour page as HTML beside its calendar files", async () => {
    const response = await fetch(`${baseURL}/tour`);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});
