/**
 * The Add Event form's rules: its fields' limits, what it starts with, and the row a filled-in form
 * inserts (on the picked day, stored as noon UTC of that date: see storedDateOf in calendar.ts).
 */
import { lengthProblem } from "../../lib/text-length.mjs";
import { storedDateOf, type CalendarEvent, type EventType } from "./calendar";

export { emptyEventDraft } from "./calendar.types";

/**
 * A box to tick (a checkbox, a radio), inside the label that names it: the label, a row at least 44 px tall, is what
 * a finger taps (as every team control is 44 px), so the box itself stays a box to tick, a little larger on a touch
 * screen (a 44 px empty square read as a text field).
 */
export const TOUCH_BOX = "h-4 w-4 shrink-0 [@media(pointer:coarse)]:h-6 [@media(pointer:coarse)]:w-6";

/** Limits matching the database's checks. */
export const EVENT_LIMITS = { title: 200, description: 2000 } as const;

/** The row inserted for a new event: the server fills id and created_at. */
export type NewEvent = Omit<CalendarEvent, "id" | "created_at" | "event_type"> & { event_type: EventType };
export type EventDraft = { title: string; description: string; eventType: EventType };

/** What is too long in the form (its fields take a whole paste, and say so), field by field: empty when nothing. */
export function eventProblems(draft: EventDraft): Partial<Record<"title" | "description", string>> {
  const title = lengthProblem(draft.title.trim(), EVENT_LIMITS.title);
  const description = lengthProblem(draft.description.trim(), EVENT_LIMITS.description);
  return { ...(title && { title }), ...(description && { description }) };
}

/**
 * The row to insert, or null when the day or title is missing (then nothing happens) or a field is too long (the
 * form says so under it: eventProblems).
 */
export function eventFromDraft(draft: EventDraft, selectedDay: Date | undefined): NewEvent | null {
  const title = draft.title.trim();
  if (!selectedDay || title === "" || Object.keys(eventProblems(draft)).length > 0) return null;
  const date = storedDateOf(selectedDay);
  return {
    title,
    description: draft.description.trim() === "" ? null : draft.description.trim(),
    start_date: date,
    end_date: date,
    event_type: draft.eventType,
  };
}
