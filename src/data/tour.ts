/**
 * The tour: the card on /tour (its title from src/content/tour.yaml, its dates the calendar's published
 * shows, in date order), the words around it, the next show on / and /listen, and the calendar files'
 * settings. Change a venue, a date or a ticket link of a published show and the pages, their structured
 * data and the calendar files follow at the next build.
 */
import { musicEvent } from "../lib/structured-data";
import { isPast, postponedShows, showsAhead } from "../lib/shows";
import { content } from "./content";
import { signupHref } from "./links";
import { site } from "./site";
import { dateTextAt, TOUR_TIME_ZONE, tourDatesFrom, type TourDate } from "./tour-dates";

export { tourLinkLabels, type TourDate } from "./tour-dates";

export const tour = {
  heading: "Tour Dates",
  /** The card's title, kept as the owner gives it (the product's "Ireland Tour - April 2024"). */
  cardTitle: content.tour.title,
  timeZone: TOUR_TIME_ZONE,
  /** Screen-reader hint added to every link that opens a new tab. */
  newTabHint: "opens in a new tab",
  photoAlt: content.tour.photoAlt,
  /** Every date, past ones included, earliest first. */
  dates: tourDatesFrom(content.shows),
  /**
   * The meta description at `now`, from every date of the tour: the next shows (three at most); with none,
   * that a postponed show's new date will follow while one waits (as the card says), else where to hear of
   * the next tour. Search results and link previews show it, so it must not say "no shows" above one.
   */
  description: (artistName: string, dates: readonly TourDate[], now: Date) => {
    const ahead = showsAhead(dates, now);
    if (ahead.length === 0) {
      const postponed = postponedShows(dates).length;
      if (postponed === 1) {
        return `${artistName} live: no confirmed dates coming up right now; a postponed show's new date will follow. Sign up for news to hear it first.`;
      }
      if (postponed > 1) {
        return `${artistName} live: no confirmed dates coming up right now; the new dates of ${postponed} postponed shows will follow. Sign up for news to hear them first.`;
      }
      return `${artistName} live: no shows coming up right now. Sign up for news to hear about the next tour first.`;
    }
    const shows = ahead
      .slice(0, 3)
      .map((date) => `${date.venue.address.locality} on ${dateTextAt(date.startDate, now)}`);
    return `${artistName} live: ${shows.join(", ")}${ahead.length > 3 ? ` and ${ahead.length - 3} more` : ""}.`;
  },
  /** Before the next show's date and venue at the top of the card. */
  nextLabel: "Next show",
  /** How a date that is over is marked on the card. */
  pastLabel: "Past show",
  /** How a cancelled, postponed or rescheduled date is marked. */
  statusLabels: { EventCancelled: "Cancelled", EventPostponed: "Postponed", EventRescheduled: "Rescheduled" } as const,
  /** How a date whose tickets are sold out is marked, on the card and where the next show is. */
  soldOutLabel: "Sold out",
  /** How a date whose tickets are going fast is marked, as the team sets it ("few left"). */
  fewLeftLabel: "Few left",
  /** Before when a date's tickets go on sale, where the team gives it: "On sale from December 5th, 10:00". */
  onSaleFromLabel: "On sale from",
  /** Under a postponed date, whose new day is not known yet (its calendar file says the same). */
  postponedNote: "A new date will follow.",
  /** Before the day a rescheduled date had: "Moved from April 23rd". */
  movedFromLabel: "Moved from",
  /** Before the doors a date rescheduled within its day had (it is still on that day): "Doors moved from 19:30". */
  doorsMovedFromLabel: "Doors moved from",
  /** Before a date's doors time, as the venue's clock reads it: "Doors 20:00". */
  doorsLabel: "Doors",
  /** Said on the card, and where / and /listen show the next show, when no show is coming up. */
  noneAhead: {
    text: "No shows coming up right now.",
    /**
     * Said instead when postponed shows are listed (they wait for a new day, so none of them is "coming up", but
     * "no shows" above a postponed one reads as if it were gone): `count` of them.
     */
    postponedText: (count: number) =>
      count === 1
        ? "No confirmed dates coming up right now: a postponed show's new date will follow."
        : `No confirmed dates coming up right now: the new dates of ${count} postponed shows will follow.`,
    /** Where / and /listen, which do not list it, lead to the (first) postponed show on /tour. */
    postponedLink: (count: number) => (count === 1 ? "See the postponed show" : "See the postponed shows"),
    signup: { label: "Sign up for news to hear about the next tour first", href: signupHref },
  },
  /** The "Add to calendar" files: one per date and one feed of the whole tour (src/data/tour-calendar.ts). */
  calendar: {
    /** Visible text of each date's link; the link's accessible name adds the date and venue. */
    addDateLabel: "Add to calendar",
    /** The whole-tour link under the list. */
    addAllLabel: "Add all dates to your calendar",
    /** Name of the calendar the feed creates in Apple Calendar, Google Calendar or Outlook. */
    feedName: `${site.artistName} tour dates`,
  },
} as const;

/**
 * /tour's structured data: each date not over at `now` as a MusicEvent (a cancelled one says so), the
 * artist performing and organising; a show that is over is left out, as no event to go to. A postponed show
 * stays, as on the card, with its old date until a new one is known (as Google asks of EventPostponed).
 */
export function tourJsonLd(dates: readonly TourDate[], now: Date, base: URL) {
  const artist = { name: site.artistName, url: new URL("/", base).href };
  const options = { pageUrl: new URL("/tour", base).href, image: new URL(site.shareImage.path, base).href };
  return dates.filter((date) => !isPast(date, now)).map((date) => musicEvent(date, artist, options));
}
