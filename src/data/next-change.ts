/**
 * The next instant at which a page decided at build time goes out of date, and why: the build publishes it
 * in /build-info.json, and the scheduled function (netlify/functions/rebuild-when-due) asks for a build
 * once it has passed. What the pages decide from the build's clock:
 * - a show counts as upcoming until it is over (`showEndsAt`): the tour card, the next show, the words
 *   written `{id: before | after}` for a date; a postponed one until it has a new date, so its old end is no
 *   change;
 * - a release is "out" from its release date: the home page's line, /listen's kicker, the words for it;
 * - a date shows its year unless it falls in the year the page is built (`dateTextAt`): on 1 January in
 *   Ireland the dates of the year ending and of the year starting read differently (a show's day, the day a
 *   moved show had, when its tickets go on sale).
 * - a show's "On sale from December 5th" is said until then (its `validFrom` in the structured data stays).
 * Pure: the build passes the content and its clock.
 */
import { dayWhereGiven, showEntryEndsAt, TOUR_TIME_ZONE } from "./tour-dates";

/**
 * What changes the pages next, and when; `inBrowser` when the visitor's browser makes the change itself on a page
 * built before it (a show over, tickets on sale: ShowClock.astro), so a rebuild for it may wait when deploys run
 * short. A release coming out and a new year change words only a rebuild changes.
 */
export type NextChange = { at: string; reason: string; inBrowser: boolean };

/** A show as the pages read it: its old start too when it was moved ("Moved from 20 December"). */
type Show = {
  id: string;
  startDate: string;
  /** "postponed": no page changes at its old end (src/lib/shows.ts, dated-words.ts). */
  status?: string;
  previousStartDate?: string | null;
  /** When its tickets go on sale, where the team gave it ("On sale from December 5th"). */
  tickets?: { onSale?: string };
  venue: { town: string };
};
type Dated = { id: string; title: string; releaseDate: string };

const yearIn = new Intl.DateTimeFormat("en-IE", { timeZone: TOUR_TIME_ZONE, year: "numeric" });
/** The year an instant falls in, in Ireland. */
const irishYear = (instant: number) => Number(yearIn.format(instant));

/**
 * The first instant of `year` in Ireland: 1 January 00:00 Irish winter time, which is UTC (Irish summer time
 * never reaches January).
 */
const newYearInIreland = (year: number) => Date.UTC(year, 0, 1);

type Content = { tourDates: readonly Show[]; releases: readonly Dated[] };

/** Every instant after `now` at which the pages built at `now` would read differently, earliest first. */
function changesOf({ tourDates, releases }: Content, now: Date): NextChange[] {
  const moments: { at: number; reason: string; inBrowser: boolean }[] = [
    ...tourDates.map((show) => ({
      at: showEntryEndsAt(show),
      reason: `the ${show.venue.town} show (${show.id}) is over`,
      inBrowser: true,
    })),
    ...tourDates.flatMap((show) =>
      show.tickets?.onSale
        ? [
            {
              at: Date.parse(show.tickets.onSale),
              reason: `tickets for the ${show.venue.town} show (${show.id}) go on sale`,
              inBrowser: true,
            },
          ]
        : [],
    ),
    ...releases.map((release) => ({
      at: Date.parse(release.releaseDate),
      reason: `“${release.title}” (${release.id}) comes out`,
      inBrowser: false,
    })),
  ];
  const thisYear = irishYear(now.getTime());
  // The new year changes the pages only when a shown date falls in this year or the next.
  const shownYears = [
    ...tourDates.flatMap((show) => [
      show.startDate,
      show.previousStartDate,
      // Said only until the tickets are on sale.
      show.tickets?.onSale && Date.parse(show.tickets.onSale) > now.getTime() ? show.tickets.onSale : null,
    ]),
    ...releases.map((release) => release.releaseDate),
  ]
    .filter((date): date is string => typeof date === "string")
    .map((date) => dayWhereGiven(date).year);
  if (shownYears.some((year) => year === thisYear || year === thisYear + 1)) {
    moments.push({
      at: newYearInIreland(thisYear + 1),
      reason: `${thisYear + 1} begins, so the dates show their year`,
      inBrowser: false,
    });
  }
  return (
    moments
      // A postponed show's end is never (Infinity): no change.
      .filter((moment) => moment.at > now.getTime() && Number.isFinite(moment.at))
      .sort((a, b) => a.at - b.at || a.reason.localeCompare(b.reason))
      .map((moment) => ({ at: new Date(moment.at).toISOString(), reason: moment.reason, inBrowser: moment.inBrowser }))
  );
}

/**
 * The earliest instant after `now` at which the pages built at `now` would read differently, with the
 * reason in words for a deploy's title, or null when nothing on them changes with time.
 */
export const nextChangeOf = (content: Content, now: Date): NextChange | null => changesOf(content, now)[0] ?? null;

/** How many of the instants after the next one the build publishes: for a scheduled run whose build failed. */
export const LATER_CHANGES = 16;

/**
 * The instants after the next one (up to LATER_CHANGES of them), earliest first: when the build asked for the next
 * one fails, the live site keeps this record, and the scheduled function asks once for each of these as it passes,
 * instead of never again.
 */
export const laterChangesOf = (content: Content, now: Date): NextChange[] =>
  changesOf(content, now).slice(1, 1 + LATER_CHANGES);

/**
 * The earliest such instant that no visitor's browser makes by itself (a release's day, a new year), or null: the
 * scheduled function asks for it even while a change browsers make themselves, due before it, waits for room.
 */
export const nextNewsOf = (content: Content, now: Date): NextChange | null =>
  changesOf(content, now).find((change) => !change.inBrowser) ?? null;
