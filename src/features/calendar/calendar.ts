/**
 * Calendar rules (spec sections 3-5, 9): event types and colours, the row
 * inserted for a new event, ordering, grouping by day and date display.
 * Dates are stored as noon UTC of the chosen day, so the day is the same in
 * every time zone the team works from (Ireland to the US West Coast to Europe).
 */
import { format } from "date-fns";

export const EVENT_TYPES = ["away", "gig", "rehearsal", "recording", "promotion"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const DEFAULT_EVENT_TYPE: EventType = "gig";

/** Type colours (spec section 3) as Tailwind classes for dots and card bars. */
export const EVENT_TYPE_COLOURS: Record<EventType, { name: string; className: string }> = {
  away: { name: "red", className: "bg-red-600" },
  gig: { name: "green", className: "bg-green-600" },
  rehearsal: { name: "amber", className: "bg-amber-500" },
  recording: { name: "indigo", className: "bg-indigo-600" },
  promotion: { name: "pink", className: "bg-pink-600" },
};

/** Limits matching the database's checks. */
export const EVENT_LIMITS = { title: 200, description: 2000 } as const;

export type CalendarEvent = {
  id: string;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  event_type: EventType;
  created_at?: string;
};

export type NewEvent = Omit<CalendarEvent, "id" | "created_at">;
export type EventDraft = { title: string; description: string; eventType: EventType };

export const emptyEventDraft: EventDraft = { title: "", description: "", eventType: DEFAULT_EVENT_TYPE };

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}

/** yyyy-MM-dd of a day picked in the browser's calendar (its local date). */
export function dayKey(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** The calendar day an event belongs to: the UTC date of its start. */
export function eventDayKey(event: Pick<CalendarEvent, "start_date">): string {
  return new Date(event.start_date).toISOString().slice(0, 10);
}

/** The row to insert, or null when the day or title is missing (then nothing happens). */
export function eventFromDraft(draft: EventDraft, selectedDay: Date | undefined): NewEvent | null {
  const title = draft.title.trim();
  if (!selectedDay || title === "") return null;
  const date = `${dayKey(selectedDay)}T12:00:00.000Z`;
  return {
    title,
    description: draft.description.trim() === "" ? null : draft.description.trim(),
    start_date: date,
    end_date: date,
    event_type: draft.eventType,
  };
}

/** Events by start date ascending (ties by title, so the order is stable). */
export function sortEvents<T extends Pick<CalendarEvent, "start_date" | "title">>(events: readonly T[]): T[] {
  return [...events].sort(
    (a, b) => Date.parse(a.start_date) - Date.parse(b.start_date) || a.title.localeCompare(b.title),
  );
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

/** 'MMM d, yyyy' of the event's day, e.g. "Apr 23, 2025" (spec section 9). */
export function formatEventDate(event: Pick<CalendarEvent, "start_date">): string {
  const [year, month, day] = eventDayKey(event).split("-").map(Number);
  return format(new Date(year, month - 1, day), "MMM d, yyyy");
}

/** Screen-reader text of a day: "23 April 2025, 2 events: Launch (gig); Radio (promotion)". */
export function dayLabel(date: Date, events: readonly Pick<CalendarEvent, "title" | "event_type">[]): string {
  const base = format(date, "d MMMM yyyy, EEEE");
  if (events.length === 0) return base;
  const list = events.map((event) => `${event.title} (${event.event_type})`).join("; ");
  return `${base}, ${events.length} ${events.length === 1 ? "event" : "events"}: ${list}`;
}
