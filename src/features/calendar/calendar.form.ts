/**
 * The Add Event form's rules: its fields' limits, what it starts with, and the row a filled-in form
 * inserts (on the picked day, stored as noon UTC of that date: see storedDateOf in calendar.ts).
 */
import { hiddenCharactersIn, hiddenProblem, showsNothing } from "../../lib/hidden-text.mjs";
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

/**
 * What the table refuses in `text` that cannot be seen (calendar_events_title_shown, _description_plain), or null:
 * control characters, direction controls, and in a title line breaks too.
 */
function hiddenIn(text: string, lines: boolean): string | null {
  const found = hiddenCharactersIn(text, { lines });
  return found.length > 0 ? hiddenProblem(found) : null;
}

/**
 * What holds hidden characters in the form, or is too long (its fields take a whole paste, and say so), field by
 * field: empty when nothing. Hidden characters first: they are what makes a count look wrong ("this has 201" of 200
 * seen), and taking them out may be the whole fix. Without a day, or with a title that shows nothing, nothing
 * happens and nothing is said, whatever the fields hold (eventFromDraft).
 */
export function eventProblems(
  draft: EventDraft,
  selectedDay: Date | undefined,
): Partial<Record<"title" | "description", string>> {
  const typed = draft.title.trim();
  if (!selectedDay || showsNothing(typed)) return {};
  const title = hiddenIn(typed, false) ?? lengthProblem(typed, EVENT_LIMITS.title);
  const text = draft.description.trim();
  const description = hiddenIn(text, true) ?? lengthProblem(text, EVENT_LIMITS.description);
  return { ...(title && { title }), ...(description && { description }) };
}

/**
 * The row to insert, or null when the day or title is missing or the title shows nothing (then nothing happens) or a
 * field is too long or holds hidden characters (the form says so under it: eventProblems).
 */
export function eventFromDraft(draft: EventDraft, selectedDay: Date | undefined): NewEvent | null {
  const title = draft.title.trim();
  if (!selectedDay || showsNothing(title) || Object.keys(eventProblems(draft, selectedDay)).length > 0) return null;
  const date = storedDateOf(selectedDay);
  return {
    title,
    description: draft.description.trim() === "" ? null : draft.description.trim(),
    start_date: date,
    end_date: date,
    event_type: draft.eventType,
  };
}
