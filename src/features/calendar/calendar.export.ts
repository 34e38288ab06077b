/**
 * "Export calendar (.ics)": the events as an iCalendar file. Its own module, loaded when the button is
 * pressed, because the writer (ical.js, src/lib/ics.mjs) is 23 KB gzip that the calendar otherwise never needs.
 */
import { buildCalendar, type IcsEvent } from "../../lib/ics.mjs";

export { ICS_MIME_TYPE } from "../../lib/ics.mjs";
import { dayKey, eventDayKey, sortEvents, type CalendarEvent } from "./calendar";

/** The day after a yyyy-MM-dd day, as yyyy-MM-dd (all-day ends are exclusive in iCalendar). */
function dayAfter(key: string): string {
  const [year, month, day] = key.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Where a gig's show stands, in iCalendar's words, as the team's phone feed writes it. */
export type ShowStanding = "CONFIRMED" | "TENTATIVE" | "CANCELLED";

/** A show's status in iCalendar's words: cancelled, postponed (a date to come) or going ahead. */
export function showStanding(status: string): ShowStanding {
  return status === "cancelled" ? "CANCELLED" : status === "postponed" ? "TENTATIVE" : "CONFIRMED";
}

/**
 * One event for a .ics file: an all-day event on the day the calendar shows
 * (the UTC date of the stored noon-UTC timestamp), through its end day, with a
 * UID that stays the same across exports so a re-import updates rather than
 * duplicates it. A gig with a show says how the show stands, as the phone feed does ("Cancelled: …").
 */
export function eventToIcs(event: CalendarEvent, domain: string, standing?: ShowStanding): IcsEvent {
  const startDay = eventDayKey(event);
  const endDay = eventDayKey({ start_date: event.end_date });
  return {
    uid: `${event.id}@${domain}`,
    start: { date: startDay },
    ...(endDay > startDay ? { end: { date: dayAfter(endDay) } } : {}),
    summary: standing === "CANCELLED" ? `Cancelled: ${event.title}` : event.title,
    ...(event.description ? { description: event.description } : {}),
    ...(standing ? { status: standing } : {}),
    categories: [event.event_type],
  };
}

/** The export's file name, by the local day it is made: "calendar-2025-04-23.ics". */
export function exportFileName(now: Date): string {
  return `calendar-${dayKey(now)}.ics`;
}

/**
 * The "Export calendar (.ics)" file: every event, by start date, all-day.
 * Throws (with the event named) when an event cannot be written, e.g. a date
 * beyond the year 9999.
 */
export function calendarExport(
  events: readonly CalendarEvent[],
  options: { now: Date; domain: string; artistName: string; standings?: ReadonlyMap<string, ShowStanding> },
): { filename: string; text: string } {
  const text = buildCalendar({
    prodId: `-//${options.artistName}//Team calendar//EN`,
    name: `${options.artistName} team calendar`,
    events: sortEvents(events).map((event) => eventToIcs(event, options.domain, options.standings?.get(event.id))),
    now: options.now,
  });
  return { filename: exportFileName(options.now), text };
}
