/**
 * The tour as iCalendar files: which URL each date's file has, and how a tour
 * date becomes a calendar event (wall time in Ireland, venue address, link,
 * status). Pure: the static endpoints in src/pages pass the site URL and the
 * build time, and tests pass their own.
 */
import { countryInAddress } from "../lib/countries.mjs";
import { dublinSpan } from "../lib/dublin-time.mjs";
import { buildCalendar, ICS_MIME_TYPE, type IcsEvent } from "../lib/ics.mjs";
import { idsOnTourCard } from "../lib/shows";
import { SHOW_MINUTES } from "../lib/show-rules.mjs";
import { site } from "./site";
import { tour } from "./tour";
import {
  dateTextOf,
  dayWhereGiven,
  sameDayWhereGiven,
  timeWhereGiven,
  tourLinkLabels,
  type TourDate,
  type TourDateStatus,
} from "./tour-dates";

/** The feed with every date. */
export const tourFeedPath = "/tour.ics";

/** One date's file, named by its stable id, in a folder that holds nothing but these files. */
export function tourDatePath(date: Pick<TourDate, "id">): string {
  return `/tour-dates/${date.id}.ics`;
}

/** The static pages of the per-date files: one for every date, past ones included. */
export function tourDatePages(dates: readonly TourDate[]) {
  return dates.map((date) => ({ params: { id: date.id }, props: { date } }));
}

/** "Orla Quinlan" → "orla-quinlan". */
const artistSlug = site.artistName
  .toLowerCase()
  .normalize("NFD")
  .replace(/[\u0300-\u036f]/g, "")
  .replace(/[^a-z0-9]+/g, "-")
  .replace(/^-|-$/g, "");

/** The name a downloaded file gets: the artist's name first, so it is recognisable in a downloads folder. */
export function tourDateFilename(date: Pick<TourDate, "id">): string {
  return `${artistSlug}-${date.id}.ics`;
}

export const tourFeedFilename = `${artistSlug}-tour.ics`;

const prodId = `-//${site.artistName}//Tour dates//EN`;

const statuses: Record<TourDateStatus, NonNullable<IcsEvent["status"]>> = {
  EventScheduled: "CONFIRMED",
  // The date in the data is the new one.
  EventRescheduled: "CONFIRMED",
  // Not happening on this date, and no new date yet. Kept in the files, not left out: a calendar that reads the
  // file again (an import of /tour.ics, its own file at its address) replaces the event it holds by UID, so the
  // show stops reading as confirmed on the old day, where an event left out would stay there as it was. RFC
  // 5545 has no "postponed" VEVENT STATUS; TENTATIVE, not definite, is the true one of the three. The title and
  // description say "postponed" too, as several apps do not show STATUS. /tour offers no "Add to calendar" for it.
  EventPostponed: "TENTATIVE",
  EventCancelled: "CANCELLED",
};

/** Words in front of the title, because several calendar apps ignore STATUS when they show an event. */
const titlePrefixes: Partial<Record<TourDateStatus, string>> = {
  EventPostponed: "Postponed: ",
  EventCancelled: "Cancelled: ",
};

/** The venue the way a map app finds it: name, street, town, county, Eircode, country. */
function venueLocation(venue: TourDate["venue"]): string {
  const { street, locality, region, postalCode, country } = venue.address;
  return [venue.name, street, locality, region, postalCode, countryInAddress(country)].join(", ");
}

export type TourCalendarOptions = {
  /** The public origin of the site: the UIDs' domain and the base of the link back to /tour. */
  siteUrl: string | URL;
  /**
   * Whether /tour lists the date when the file is written: the link back points at its row then, and at /tour
   * itself for a show long over that the card no longer lists (src/lib/shows.ts). Listed unless told.
   */
  onTourCard?: boolean;
};

/**
 * What a rescheduled date had, as the card says it: its day, or, moved within that day, its doors (the day it
 * "was moved from" is the day it is still on).
 */
function movedText(previous: string, date: TourDate): string {
  return sameDayWhereGiven(previous, date.startDate)
    ? `Doors moved from ${timeWhereGiven(previous)}.`
    : `This date was moved from ${dateTextOf(previous)} ${dayWhereGiven(previous).year}.`;
}

/** One tour date as a calendar event. */
export function tourDateEvent(date: TourDate, { siteUrl, onTourCard: listed = true }: TourCalendarOptions): IcsEvent {
  const start = new Date(date.startDate);
  if (Number.isNaN(start.getTime())) {
    throw new Error(`Tour date "${date.id}": startDate ${JSON.stringify(date.startDate)} is not an ISO date and time`);
  }
  const end = new Date(start.getTime() + SHOW_MINUTES * 60_000);
  const base = new URL(siteUrl);
  const place = `${date.venue.name}, ${date.venue.address.locality}`;
  // Doors as the venue's clock reads them, as the pages give the day.
  const doors = timeWhereGiven(date.startDate);
  const tourPage = new URL(listed ? `/tour#${date.id}` : "/tour", base).href;
  // A cancelled show offers no tickets or venue page, as /tour offers none: the file's link is the show on /tour.
  const offered = date.status !== "EventCancelled";
  const description = [
    ...(date.status === "EventCancelled" ? ["This date is cancelled."] : []),
    ...(date.status === "EventPostponed" ? ["This date is postponed; a new date will follow."] : []),
    ...(date.status === "EventRescheduled" && date.previousStartDate ? [movedText(date.previousStartDate, date)] : []),
    ...(date.soldOut && date.status !== "EventCancelled" ? ["Sold out."] : []),
    `${site.artistName} live at ${place}. Doors ${doors}.`,
    ...(offered ? [`${tourLinkLabels[date.link.kind]}: ${date.link.href}`] : []),
    `All tour dates: ${tourPage}`,
  ].join("\n");
  return {
    // From the id, never the time: moving a date updates the fan's calendar entry instead of adding a second one.
    uid: `${date.id}@${base.hostname}`,
    ...dublinSpan(start, end),
    summary: `${titlePrefixes[date.status] ?? ""}${site.artistName} at ${place}`,
    description,
    location: venueLocation(date.venue),
    url: offered ? date.link.href : tourPage,
    status: statuses[date.status],
    categories: ["Concert"],
  };
}

/**
 * The .ics file of one date. `now` is when it is generated (each event's DTSTAMP); `dates`, the whole tour,
 * says whether /tour still lists it then.
 */
export function tourDateCalendar(
  date: TourDate,
  { dates, ...options }: TourCalendarOptions & { now: Date; dates: readonly TourDate[] },
): string {
  const event = tourDateEvent(date, { ...options, onTourCard: idsOnTourCard(dates, options.now).has(date.id) });
  return buildCalendar({ prodId, events: [event], now: options.now });
}

/** The .ics feed of every date, as a calendar named after the tour. */
export function tourFeedCalendar(dates: readonly TourDate[], options: TourCalendarOptions & { now: Date }): string {
  const listed = idsOnTourCard(dates, options.now);
  return buildCalendar({
    prodId,
    name: tour.calendar.feedName,
    events: dates.map((date) => tourDateEvent(date, { ...options, onTourCard: listed.has(date.id) })),
    now: options.now,
  });
}

/**
 * How the endpoints answer: iCalendar in UTF-8. The deployed files are typed by their extension alone
 * (Netlify and the local server alike), with no header rule: Netlify applies a matching rule to a 404
 * answer too, and its rules ignore letter case and a trailing slash, so a rule for these files would
 * turn a mistyped link into a calendar download of the 404 page.
 */
export const icsHeaders = { "Content-Type": `${ICS_MIME_TYPE}; charset=utf-8` };
