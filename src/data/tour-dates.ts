/**
 * Tour dates as the pages use them, derived from src/content/tour.yaml's entries: the date as the card
 * shows it ("April 23rd", in Irish time, with its year when that is not the year the page is built), the
 * venue's address, the link and what it is, the schema.org status, and ticket facts for search engines;
 * always in date order, whatever order the file holds.
 * Pure: src/data/tour.ts passes the collection's entries, tests and the browser tests their own.
 */
import type { ShowEntry, TourDateEntry, ticketAvailabilities, tourDateStatuses } from "../lib/content-schemas";
import { ordinal } from "../lib/dates";

/** The time zone the dates are given, shown and written to calendar files in. */
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
  /** The day as the content gives it, in Irish time: "April 23rd" (pages add the year: `dateTextAt`). */
  dateText: string;
  /** Doors, ISO 8601 with its offset, as the content gives it. */
  startDate: string;
  venue: { name: string; address: PostalAddressParts };
  link: { href: string; kind: TourLinkKind };
  status: TourDateStatus;
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

/** A start as the content and the product give it, on the day it is in Ireland: "April 23rd". */
export function dateTextOf(startDate: string): string {
  const { month, day } = irishDay(new Date(startDate));
  return `${month} ${ordinal(day)}`;
}

/**
 * A start as a page built at `now` shows it: "April 23rd" in the year the page is built, and with its
 * year in any other ("April 23rd 2025", "November 26th 2027"), so neither a show a year ahead nor one long
 * over reads as this year's. The scheduled rebuild on 1 January keeps the year the page is built current.
 */
export function dateTextAt(startDate: string, now: Date): string {
  const { year } = irishDay(new Date(startDate));
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

/**
 * How long a show lasts from doors: it counts as upcoming until then, and a fan's calendar blocks that
 * long. The dates carry no end time; doors at 20:00, a support act and a headline set with encore end
 * about three hours later, and an end that is too late is kinder than a calendar showing the fan free
 * while the show is still on.
 */
export const SHOW_MINUTES = 180;

/** When a show is over, as an ISO instant (what `data-ends` carries). */
export function showEndsAt(date: Pick<TourDate, "startDate">): string {
  return new Date(Date.parse(date.startDate) + SHOW_MINUTES * 60_000).toISOString();
}
