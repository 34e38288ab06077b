/**
 * The types of event the calendar knows, and the Add Event form as it starts: light, for what the page reads before
 * the calendar itself loads (the draft kept in the tab, calendar.draft.store.ts). calendar.ts and calendar.form.ts
 * say them again for every other module.
 */
import type { EventDraft } from "./calendar.form";

export const EVENT_TYPES = ["away", "gig", "rehearsal", "recording", "promotion"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The type a new event starts with, and the one a row without a type is shown as. */
export const DEFAULT_EVENT_TYPE: EventType = "gig";

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}

/** The Add Event form with nothing typed. */
export const emptyEventDraft: EventDraft = { title: "", description: "", eventType: DEFAULT_EVENT_TYPE };
