/**
 * Tour dates as the pages use them, derived from the published shows' entries: the date as the card
 * shows it ("April 23rd", on the day it is where the show is, with its year when that is not the year the
 * page is built), the
 * venue's address, the link and what it is, the schema.org status, and ticket facts for search engines;
 * always in date order, whatever order the file holds.
 * Pure: src/data/tour.ts passes the collection's entries, tests and the browser tests their own.
 */
import type { ShowEntry, TourDateEntry, ticketAvailabilities, tourDateStatuses } from "../lib/content-schemas";
import { ordinal } from "../lib/dates";
import { SHOW_MINUTES } from "../lib/show-rules.mjs";

/**
 * The site's time zone: the year a page is built in, and the calendar files' time zone. A date itself reads
 * as it is where the show is (its offset): doors at 20:00 in New York are "20:00" on that day, not Dublin's.
 */
export const TOUR_TIME_ZONE = "Europe/Dublin";

/** What a date's link points at: a ticket shop, or the venue's own site when it sells the tickets itself. */
export type TourLinkKind = TourDateEntry["kind"];

/** schema.org EventStatusType values. */
export type TourDateStatus = "EventScheduled" | "EventPostponed" | "EventRescheduled" | "EventCancelled";

/** schema.org ItemAvailability values for tickets. */
type TicketAvailability = "InStock" | "LimitedAvailability" | "SoldOut" | "PreSale";

type PostalAddressParts = {
  street: string;
  locality: string;
  region: string;
  /** Eircode. */
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type TourDate = {
  /** Stable identifier: the list item's anchor, the calendar file's name and the event's UID. */
  id: string;
  /** The day as the content gives it, where the show is: "April 23rd" (pages add the year: `dateTextAt`). */
  dateText: string;
  /** Doors, ISO 8601 with its offset, as the content gives it. */
  startDate: string;
  venue: { name: string; address: PostalAddressParts };
  link: { href: string; kind: TourLinkKind };
  status: TourDateStatus;
  /** Whether its tickets are sold out (it still goes ahead). */
  soldOut?: true;
  /** The doors it had before it was rescheduled, where the calendar says. */
  previousStartDate?: string;
  /** What search engines are told about the tickets, where the content says. */
  tickets?: { price: number; currency: string; availability?: TicketAvailability; validFrom?: string };
};

/** The visible label of each kind of link. */
export const tourLinkLabels: Record<TourLinkKind, string> = {
  ticket: "Tickets",
  venue: "Venue website",
};

const statuses: Record<(typeof tourDateStatuses)[number], TourDateStatus> = {
  scheduled: "EventScheduled",
  postponed: "EventPostponed",
  rescheduled: "EventRescheduled",
  cancelled: "EventCancelled",
};

const availabilities: Record<(typeof ticketAvailabilities)[number], TicketAvailability> = {
  "on-sale": "InStock",
  "few-left": "LimitedAvailability",
  "sold-out": "SoldOut",
  "pre-sale": "PreSale",
};

const dayInIreland = new Intl.DateTimeFormat("en-IE", {
  timeZone: TOUR_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** The day an instant falls on in Ireland: its year, its month's name and its day of the month. */
function irishDay(instant: Date): { year: number; month: string; day: number } {
  const parts = dayInIreland.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: Number(part("year")), month: part("month"), day: Number(part("day")) };
}

const monthName = new Intl.DateTimeFormat("en-IE", { timeZone: "UTC", month: "long" });

/**
 * The day a date and time with its offset falls on where it was given ("2027-03-12T20:00:00-05:00" is 12 March
 * in New York, though it is the 13th in Dublin): its year, its month's name and its day of the month. The
 * content's schema lets only such a text through; any other reads in Ireland.
 */
export function dayWhereGiven(dateTime: string): { year: number; month: string; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(dateTime);
  if (!match) return irishDay(new Date(dateTime));
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  return { year, month: monthName.format(Date.UTC(year, month - 1, 1)), day };
}

/**
 * Whether two dates and times fall on the same day where each was given, as the card reads days: a show whose
 * doors alone were moved (19:30 to 20:00 on December 12th) is still on its day.
 */
export function sameDayWhereGiven(a: string, b: string): boolean {
  const [one, other] = [dayWhereGiven(a), dayWhereGiven(b)];
  return one.year === other.year && one.month === other.month && one.day === other.day;
}

/** The time of a date and time where it was given: "20:00" for "2027-03-12T20:00:00-05:00". */
export const timeWhereGiven = (dateTime: string): string => dateTime.slice(11, 16);

/** A start as the content and the product give it, on the day it is where the show is: "April 23rd". */
export function dateTextOf(startDate: string): string {
  const { month, day } = dayWhereGiven(startDate);
  return `${month} ${ordinal(day)}`;
}

/**
 * A start as a page built at `now` shows it: "April 23rd" in the year the page is built (in Ireland), and
 * with its year in any other ("April 23rd 2025", "November 26th 2027"), so neither a show a year ahead nor
 * one long over reads as this year's. The scheduled rebuild on 1 January keeps the year the page is built
 * current.
 */
export function dateTextAt(startDate: string, now: Date): string {
  const { year } = dayWhereGiven(startDate);
  return year === irishDay(now).year ? dateTextOf(startDate) : `${dateTextOf(startDate)} ${year}`;
}

/** One entry of the tour file as the pages use it. */
export function tourDateOf(entry: TourDateEntry | ShowEntry): TourDate {
  const { venue, tickets } = entry;
  return {
    id: entry.id,
    dateText: dateTextOf(entry.startDate),
    startDate: entry.startDate,
    venue: {
      name: venue.name,
      address: {
        street: venue.street,
        locality: venue.town,
        region: venue.county,
        postalCode: venue.postalCode,
        country: venue.country,
      },
    },
    link: { href: entry.link, kind: entry.kind },
    status: statuses[entry.status],
    ...((("soldOut" in entry && entry.soldOut) || tickets?.availability === "sold-out") && { soldOut: true as const }),
    ...("previousStartDate" in entry && entry.previousStartDate && { previousStartDate: entry.previousStartDate }),
    ...(tickets && {
      tickets: {
        price: tickets.price,
        currency: tickets.currency,
        ...(tickets.availability && { availability: availabilities[tickets.availability] }),
        ...(tickets.onSale && { validFrom: tickets.onSale }),
      },
    }),
  };
}

/** The tour's dates, earliest first, whatever order the file lists them in. */
export function tourDatesFrom(entries: readonly (TourDateEntry | ShowEntry)[]): TourDate[] {
  return entries.map(tourDateOf).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}

/** When a show is over, as an ISO instant (what `data-ends` carries). */
export function showEndsAt(date: Pick<TourDate, "startDate">): string {
  return new Date(Date.parse(date.startDate) + SHOW_MINUTES * 60_000).toISOString();
}

/**
 * When a show entry's day is over, in milliseconds; never (Infinity) for a postponed one, which waits for its new
 * day: no page changes at its old end (the braces' words, the next rebuild's instant).
 */
export function showEntryEndsAt(date: { startDate: string; status?: string }): number {
  return date.status === "postponed" ? Infinity : Date.parse(showEndsAt(date));
}
