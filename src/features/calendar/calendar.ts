/**
 * The calendar's events as the month and the lists show them: event types and colours, the rows read
 * from the server, ordering, grouping by day, date display and each day's accessible name. Dates are
 * stored as noon UTC of the chosen day (see storedDateOf). The rest of the calendar's rules live beside
 * this file, one concern each: the Add Event form (calendar.form.ts), gathered reloads
 * (calendar.reload.ts), the live indicator (calendar.realtime.ts), the .ics export (calendar.export.ts)
 * and the words of a failed call (calendar.errors.ts).
 */
import { format } from "date-fns";
import { formatDate } from "../../lib/dates";
import { DEFAULT_EVENT_TYPE, isEventType, type EventType } from "./calendar.types";

export { EVENT_TYPES, isEventType, type EventType } from "./calendar.types";

/**
 * Type colours as Tailwind classes for the day dots, the card
 * bars and the legend. Each has at least 3:1 contrast on white (WCAG 1.4.11),
 * hence amber-600 rather than the paler amber-500 (2.2:1).
 */
const EVENT_TYPE_COLOURS: Record<EventType, { name: string; className: string }> = {
  away: { name: "red", className: "bg-red-600" },
  gig: { name: "green", className: "bg-green-600" },
  rehearsal: { name: "amber", className: "bg-amber-600" },
  recording: { name: "indigo", className: "bg-indigo-600" },
  promotion: { name: "pink", className: "bg-pink-600" },
};

/** An event as read back: its type is whatever the table holds (one of EVENT_TYPES today). */
export type CalendarEvent = {
  id: string;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  event_type: string;
  created_at?: string;
  /** A gig whose show on the website is cancelled, as the calendar places it (placedAtShows). */
  cancelled?: boolean;
  /** A gig's doors (an instant), as the calendar places it at its show: the gigs of one day go in their order. */
  doors?: string;
};

/** An event's type as its dot's tooltip and its day's name say it: "gig", or "gig, cancelled". */
export function eventTypeText(event: Pick<CalendarEvent, "event_type" | "cancelled">): string {
  return event.cancelled ? `${event.event_type}, cancelled` : event.event_type;
}

/** Tailwind class of a type's colour; neutral for a type this version does not know. */
export function eventTypeColourClass(type: string): string {
  return isEventType(type) ? EVENT_TYPE_COLOURS[type].className : "bg-stone-500";
}

/** A timestamp in the years 1 to 9999: the calendar's dates (and a .ics file's) have four-digit years. */
const isValidDate = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/**
 * The rows of a select, checked: a row without an id, a title or a readable
 * start date is dropped rather than allowed to break the whole calendar.
 */
export function toCalendarEvents(rows: unknown): CalendarEvent[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row): CalendarEvent[] => {
    if (!row || typeof row !== "object") return [];
    const { id, title, description, start_date, end_date, event_type, created_at } = row as Record<string, unknown>;
    if ((typeof id !== "string" && typeof id !== "number") || typeof title !== "string" || !isValidDate(start_date)) {
      return [];
    }
    return [
      {
        id: String(id),
        title,
        description: typeof description === "string" && description !== "" ? description : null,
        start_date,
        end_date: isValidDate(end_date) ? end_date : start_date,
        // An unknown type (a newer schema) still shows, in a neutral colour.
        event_type: typeof event_type === "string" ? event_type : DEFAULT_EVENT_TYPE,
        ...(typeof created_at === "string" ? { created_at } : {}),
      },
    ];
  });
}

/** yyyy-MM-dd of a day picked in the browser's calendar (its local date). */
export function dayKey(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/**
 * The timestamp stored for a picked day: noon UTC of that calendar date.
 * The app reads an event's day back as the UTC date (eventDayKey), so the dot
 * and the card show the picked day in every time zone. Noon rather than
 * midnight also keeps the date right when other tools (the Supabase table
 * editor, a calendar export) show it in local time anywhere from UTC-11 to UTC+11;
 * local midnight would already read as the previous day in UTC east of Greenwich.
 */
export function storedDateOf(day: Date): string {
  return `${dayKey(day)}T12:00:00.000Z`;
}

/** The calendar day an event belongs to: the UTC date of its start. */
export function eventDayKey(event: Pick<CalendarEvent, "start_date">): string {
  return new Date(event.start_date).toISOString().slice(0, 10);
}

/** The events of one day without a time first (the day's), then those with doors, in their order. */
const byDoors = (a: { doors?: string }, b: { doors?: string }) =>
  (a.doors === undefined ? 0 : Date.parse(a.doors) || 0) - (b.doors === undefined ? 0 : Date.parse(b.doors) || 0);

/** Events by start date ascending, a day's gigs by their doors (ties by title, so the order is stable). */
export function sortEvents<T extends Pick<CalendarEvent, "start_date" | "title" | "doors">>(events: readonly T[]): T[] {
  return [...events].sort(
    (a, b) => Date.parse(a.start_date) - Date.parse(b.start_date) || byDoors(a, b) || a.title.localeCompare(b.title),
  );
}

/**
 * The Upcoming Events list and the past ones: the events still on today (yyyy-MM-dd, the browser's date) or
 * after, by start date ascending, and those over before it, latest first (the events of one day in their usual
 * order): a year of the team's events stays one tap away, never in the way of what comes next.
 */
export function upcomingAndPast<T extends Pick<CalendarEvent, "start_date" | "end_date" | "title">>(
  events: readonly T[],
  today: string,
): { upcoming: T[]; past: T[] } {
  const sorted = sortEvents(events);
  const over = (event: T) => eventDayKey({ start_date: event.end_date }) < today;
  const upcoming = sorted.filter((event) => !over(event));
  const past = sorted
    .filter(over)
    .sort((a, b) => (eventDayKey(a) < eventDayKey(b) ? 1 : eventDayKey(a) > eventDayKey(b) ? -1 : 0));
  return { upcoming, past };
}

/** Events grouped by their day key, each day's list in start order. */
export function eventsByDay<T extends CalendarEvent>(events: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const event of sortEvents(events)) {
    const key = eventDayKey(event);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  return days;
}

/** The events of one picked day (its local date, as the month shows it), in start order. */
export function eventsOnDay<T extends CalendarEvent>(events: readonly T[], day: Date): T[] {
  const key = dayKey(day);
  return sortEvents(events.filter((event) => eventDayKey(event) === key));
}

/** A picked day as the team pages write dates ('MMM d, yyyy'), e.g. "Apr 23, 2025". */
export function formatDay(day: Date): string {
  return formatDate(day);
}

/** The event's day (the UTC date of its start, as eventDayKey) as 'MMM d, yyyy', e.g. "Apr 23, 2025". */
export function formatEventDate(event: Pick<CalendarEvent, "start_date">): string {
  return formatDate(new Date(event.start_date), { timeZone: "UTC" });
}

/** At most this many dots under a day; the rest are counted ("+2"). */
const MAX_DAY_DOTS = 3;

/** The dots a day shows (its first events in start order) and how many more it holds. */
export function dayDots<T>(events: readonly T[], max = MAX_DAY_DOTS): { shown: T[]; more: number } {
  const shown = events.slice(0, max);
  return { shown, more: events.length - shown.length };
}

/**
 * The accessible name of a day button in the month: the date as the team pages write it ('MMM d, yyyy',
 * which holds the number the button shows), then its state and its events:
 * "Apr 23, 2025, today, selected, 2 events: Launch (gig); Radio (promotion)".
 * A day with more events than dots only says how many it holds ("…, 9 events"),
 * so the name stays short; the Upcoming Events list (or the past events) has them all.
 */
export function dayLabel(
  date: Date,
  events: readonly Pick<CalendarEvent, "title" | "event_type" | "cancelled">[],
  state: { today?: boolean; selected?: boolean } = {},
): string {
  const base = [formatDay(date), state.today && "today", state.selected && "selected"].filter(Boolean).join(", ");
  if (events.length === 0) return base;
  const count = `${events.length} ${events.length === 1 ? "event" : "events"}`;
  if (dayDots(events).more > 0) return `${base}, ${count}`;
  const list = events.map((event) => `${event.title} (${eventTypeText(event)})`).join("; ");
  return `${base}, ${count}: ${list}`;
}
