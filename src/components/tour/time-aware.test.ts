// The tour card and the next show as a visitor gets them: the build decides which shows are over with its
// clock, and the page's own inline script decides again with the visitor's, so a page built last week is
// right today. Each case renders as a build at one moment would, then opens the HTML in a browser (jsdom,
// with the site's rules for shows) whose clock reads another.
import type { experimental_AstroContainer as AstroContainer } from "astro/container";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import NextShow from "./NextShow.astro";
import TourCard from "./TourCard.astro";
import { content } from "../../data/content";
import { listen } from "../../data/listen";
import { tour } from "../../data/tour";
import { tourDatesFrom, type TourDate } from "../../data/tour-dates";
import Home from "../../pages/index.astro";
import Listen from "../../pages/listen.astro";
import Tour from "../../pages/tour.astro";
import { createRenderer, openAt } from "../../test/pages";
import { dateAYearAhead, insertedAt } from "../../test/tour-dates";

let astro: AstroContainer;
beforeAll(async () => {
  astro = await createRenderer();
});
afterEach(() => {
  vi.useRealTimers();
});

const TODAY = "2026-11-26T12:00:00Z";
const added = dateAYearAhead(new Date(TODAY));
/** Four hours after the added date's doors: its show is over. */
const afterAdded = new Date(Date.parse(added.startDate) + 4 * 3_600_000).toISOString();
const withAdded = (position: number) => tourDatesFrom(insertedAt(content.shows, added, position));

/** A page rendered as a build at `builtAt` would. */
async function pageBuiltAt(page: Parameters<AstroContainer["renderToString"]>[0], path: string, builtAt: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(builtAt));
  try {
    return await astro.renderToString(page, { request: new Request(`https://example.test${path}`) });
  } finally {
    vi.useRealTimers();
  }
}

const card = (dates: readonly TourDate[], builtAt: string) =>
  astro.renderToString(TourCard, {
    props: {
      title: tour.cardTitle,
      dates,
      now: new Date(builtAt),
      newTabHint: tour.newTabHint,
      calendar: tour.calendar,
      copy: tour,
    },
  });

const nextShowBox = (dates: readonly TourDate[], builtAt: string) =>
  astro.renderToString(NextShow, {
    props: { dates, now: new Date(builtAt), ...listen.nextShow },
  });

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim();

/**
 * The tour card's dates as a visitor sees them: date, whether marked past, the ticket link and the date's
 * own calendar file if they are offered.
 */
function datesSeen(document: Document, shown: (element: Element) => boolean) {
  return [...document.querySelectorAll('[aria-labelledby="tour-card"] li')].map((item) => {
    const offered = (label: RegExp) => {
      const link = [...item.querySelectorAll("a")].find((found) => label.test(text(found)!));
      return link && shown(link) ? link.getAttribute("href") : undefined;
    };
    const mark = [...item.querySelectorAll("span")].find((span) => text(span) === tour.pastLabel);
    return {
      date: text(item.querySelector("time")),
      past: mark !== undefined && shown(mark),
      ticket: offered(/^(Tickets|Venue website)/),
      calendar: offered(/^Add to calendar/),
    };
  });
}

/** Whether the card offers the whole tour's calendar file ("Add all dates to your calendar"). */
function wholeTourOffered(document: Document, shown: (element: Element) => boolean) {
  const link = [...document.querySelectorAll("a")].find((found) => text(found) === tour.calendar.addAllLabel);
  return link !== undefined && shown(link);
}

/** What the next show's place says: the one of its choices the visitor sees. */
function nextShowSeen(document: Document, shown: (element: Element) => boolean) {
  const choices = [...document.querySelectorAll(".show-stack > *")].filter(shown);
  expect(choices).toHaveLength(1);
  const [choice] = choices;
  return { text: text(choice.querySelector("p") ?? choice), link: choice.querySelector("a")?.getAttribute("href") };
}

/** The fixture's three dates (docs/features.md#tour), over: built in 2026, each says its year, 2025. */
const fixtureDates = [
  { date: "April 23rd 2025", past: true, ticket: undefined, calendar: undefined },
  { date: "April 26th 2025", past: true, ticket: undefined, calendar: undefined },
  { date: "May 2nd 2025", past: true, ticket: undefined, calendar: undefined },
];
const noneAhead = { text: "No shows coming up right now.", link: "/listen#signup" };

describe("on today's date", () => {
  it("/tour shows the fixture's three dates as past, with no ticket or calendar link, and says no show is coming up", async () => {
    const { document, shown } = openAt(await pageBuiltAt(Tour, "/tour", TODAY), TODAY);
    expect(text(document.querySelector("#tour-card"))).toBe("Ireland Tour - April 2024");
    expect(datesSeen(document, shown)).toEqual(fixtureDates);
    expect(nextShowSeen(document, shown)).toEqual({
      text: "No shows coming up right now. Sign up for news to hear about the next tour first.",
      link: "/listen#signup",
    });
    // Search engines are told of no event, and a fan is not offered shows nobody can go to as "all dates".
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(wholeTourOffered(document, shown)).toBe(false);
  });

  it.each([
    ["/", Home],
    ["/listen", Listen],
  ] as const)("%s offers the news sign-up instead of a next show", async (path, page) => {
    const { document, shown } = openAt(await pageBuiltAt(page, path, TODAY), TODAY);
    expect(text(document.querySelector("#next-show"))).toBe("Next show");
    expect(nextShowSeen(document, shown)).toEqual(noneAhead);
  });
});

describe("a date added a year ahead", () => {
  it.each([0, 1, 2, 3])(
    "at position %i of the file comes first on the card, with its ticket link and its calendar file",
    async (position) => {
      const { document, shown } = openAt(await card(withAdded(position), TODAY), TODAY);
      expect(datesSeen(document, shown)).toEqual([
        { date: "November 26th 2027", past: false, ticket: added.link, calendar: `/tour-dates/${added.id}.ics` },
        ...fixtureDates,
      ]);
      expect(document.querySelector('[aria-labelledby="tour-card"] li')?.id).toBe(added.id);
      expect(nextShowSeen(document, shown)).toEqual({
        text: "Next show: November 26th 2027, The Linen Hall, Belfast",
        link: undefined,
      });
    },
  );

  it("offers its tickets in a new tab, saying so to screen readers", async () => {
    const { document } = openAt(await card(withAdded(2), TODAY), TODAY);
    const link = document.querySelector(`[id="${added.id}"] a[href="${added.link}"]`)!;
    expect([link.getAttribute("target"), link.getAttribute("rel")]).toEqual(["_blank", "noopener noreferrer"]);
    expect(text(link.querySelector(".sr-only"))).toBe("for November 26th 2027 (opens in a new tab)");
  });

  it.each([0, 3])(
    "at position %i of the file is the next show on / and /listen, linking its tickets on /tour",
    async (position) => {
      const { document, shown } = openAt(await nextShowBox(withAdded(position), TODAY), TODAY);
      expect(nextShowSeen(document, shown)).toEqual({
        text: "November 26th 2027, The Linen Hall, Belfast",
        link: `/tour#${added.id}`,
      });
      expect(document.querySelector("time")?.getAttribute("datetime")).toBe(added.startDate);
    },
  );

  it("moves to the past once its day has passed in the visitor's browser, without a rebuild", async () => {
    const cardSeen = openAt(await card(withAdded(0), TODAY), afterAdded);
    expect(datesSeen(cardSeen.document, cardSeen.shown)[0]).toEqual({
      date: "November 26th 2027",
      past: true,
      ticket: undefined,
      calendar: undefined,
    });
    expect(nextShowSeen(cardSeen.document, cardSeen.shown).text).toBe(
      "No shows coming up right now. Sign up for news to hear about the next tour first.",
    );
    expect(wholeTourOffered(cardSeen.document, cardSeen.shown)).toBe(false);
    const onTheDay = openAt(await card(withAdded(0), TODAY), TODAY);
    expect(wholeTourOffered(onTheDay.document, onTheDay.shown)).toBe(true);
    const box = openAt(await nextShowBox(withAdded(0), TODAY), afterAdded);
    expect(nextShowSeen(box.document, box.shown)).toEqual(noneAhead);
  });

  it("moves to the past on a page left open, when its tab is shown again or it comes back from the cache", async () => {
    for (const event of ["visibilitychange", "pageshow"]) {
      const { document, shown } = openAt(await card(withAdded(0), TODAY), TODAY);
      expect(datesSeen(document, shown)[0]?.past, event).toBe(false);
      const window = document.defaultView!;
      window.Date.now = () => Date.parse(afterAdded);
      (event === "pageshow" ? window : document).dispatchEvent(new window.Event(event));
      expect(datesSeen(document, shown)[0], event).toMatchObject({ past: true, ticket: undefined });
    }
  });
  it("moves to the past on a page left open and in view, when its show is over", async () => {
    const ends = Date.parse(added.startDate) + 3 * 3_600_000;
    const { document, shown } = openAt(await card(withAdded(0), TODAY), new Date(ends - 30).toISOString());
    expect(datesSeen(document, shown)[0]?.past).toBe(false);
    document.defaultView!.Date.now = () => ends;
    await vi.waitFor(() => expect(datesSeen(document, shown)[0]?.past).toBe(true));
  });

  it("is still the next show while it is on, until three hours after doors", async () => {
    const during = new Date(Date.parse(added.startDate) + 2 * 3_600_000).toISOString();
    const { document, shown } = openAt(await nextShowBox(withAdded(0), TODAY), during);
    expect(nextShowSeen(document, shown).link).toBe(`/tour#${added.id}`);
  });

  it("gives way to the following show, once over, when another date is announced after it", async () => {
    const later = dateAYearAhead(new Date(Date.parse(TODAY) + 30 * 86_400_000));
    const dates = tourDatesFrom([...content.shows, later, added]);
    const { document, shown } = openAt(await nextShowBox(dates, TODAY), afterAdded);
    expect(nextShowSeen(document, shown).link).toBe(`/tour#${later.id}`);
  });
});

describe("a cancelled show", () => {
  it("comes after the shows still to come, offering neither tickets nor Add to calendar", async () => {
    const later = { ...dateAYearAhead(new Date(Date.parse(TODAY) + 30 * 86_400_000)), id: "later" };
    const cancelled = { ...added, id: "cancelled", status: "cancelled" as const };
    const { document, shown } = openAt(await card(tourDatesFrom([cancelled, later]), TODAY), TODAY);
    const [first, second] = datesSeen(document, shown);
    expect(first).toMatchObject({ past: false, ticket: later.link, calendar: expect.stringMatching(/\.ics$/) });
    expect(second).toMatchObject({ past: false, ticket: undefined, calendar: undefined });
    expect(document.querySelectorAll('[aria-labelledby="tour-card"] li')[1].id).toBe("cancelled");
  });

  it("keeps no room for its Past show mark until it is over, which wrapped to an empty line on a phone", async () => {
    const cancelled = { ...added, id: "cancelled", status: "cancelled" as const };
    const html = await card(tourDatesFrom([cancelled]), TODAY);
    const marks = (opened: ReturnType<typeof openAt>) =>
      [...opened.document.querySelectorAll("#cancelled span")]
        .filter((span) => text(span) === tour.pastLabel)
        .map((span) => opened.document.defaultView!.getComputedStyle(span).display !== "none");
    // Whether the mark has a box at all: none before the show is over, one once it is.
    expect(marks(openAt(html, TODAY))).toEqual([false]);
    expect(marks(openAt(html, afterAdded))).toEqual([true]);
  });
});

describe("the year of a date", () => {
  it("is left out in the year the page is built and said in any other, with the machine-readable date whole", async () => {
    const builtInItsYear = "2027-01-10T12:00:00Z";
    const { document, shown } = openAt(await card(withAdded(1), builtInItsYear), builtInItsYear);
    expect(datesSeen(document, shown).map(({ date }) => date)).toEqual([
      "November 26th",
      "April 23rd 2025",
      "April 26th 2025",
      "May 2nd 2025",
    ]);
    expect(nextShowSeen(document, shown).text).toBe("Next show: November 26th, The Linen Hall, Belfast");
    const times = [...document.querySelectorAll("time")].map((time) => [text(time), time.getAttribute("datetime")]);
    // The next show above the list, then the list: each date's text with its start, offset and all (when the
    // tickets of the date still to come went on sale, last year, is no longer said).
    expect(times).toEqual([
      ["November 26th", added.startDate],
      ["November 26th", added.startDate],
      ["April 23rd 2025", "2025-04-23T20:00:00+01:00"],
      ["April 26th 2025", "2025-04-26T20:00:00+01:00"],
      ["May 2nd 2025", "2025-05-02T20:00:00+01:00"],
    ]);
    const box = openAt(await nextShowBox(withAdded(0), builtInItsYear), builtInItsYear);
    expect(nextShowSeen(box.document, box.shown).text).toBe("November 26th, The Linen Hall, Belfast");
  });
});

describe("a page built before the tour", () => {
  it("is marked right by the visitor's browser once the shows are over", async () => {
    const builtBefore = "2025-04-01T12:00:00Z";
    const html = await pageBuiltAt(Tour, "/tour", builtBefore);
    const before = openAt(html, builtBefore);
    const offers = (seen: ReturnType<typeof datesSeen>) =>
      seen.map(({ past, ticket, calendar }) => [past, ticket !== undefined, calendar !== undefined]);
    expect(offers(datesSeen(before.document, before.shown))).toEqual([
      [false, true, true],
      [false, true, true],
      [false, true, true],
    ]);
    const between = openAt(html, "2025-04-24T12:00:00Z");
    expect(offers(datesSeen(between.document, between.shown))).toEqual([
      [true, false, false],
      [false, true, true],
      [false, true, true],
    ]);
    expect(datesSeen(between.document, between.shown).map(({ date }) => date)).toEqual([
      "April 23rd",
      "April 26th",
      "May 2nd",
    ]);
    expect(nextShowSeen(between.document, between.shown).text).toBe(
      "Next show: April 26th, The Harbour Loft, Donegal Town",
    );
    expect(wholeTourOffered(between.document, between.shown)).toBe(true);
    const after = openAt(html, TODAY);
    expect(wholeTourOffered(after.document, after.shown)).toBe(false);
    expect(datesSeen(after.document, after.shown)).toEqual([
      { date: "April 23rd", past: true, ticket: undefined, calendar: undefined },
      { date: "April 26th", past: true, ticket: undefined, calendar: undefined },
      { date: "May 2nd", past: true, ticket: undefined, calendar: undefined },
    ]);
  });
});
