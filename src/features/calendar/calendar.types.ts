/**
 * The types of event the calendar knows, and the Add Event form as it starts, its show's fields too: light, for what
 * the page reads before the calendar itself loads (the form kept in the tab, calendar.draft.store.ts). calendar.ts,
 * calendar.form.ts and calendar.publish.ts say them again for every other module.
 */
import type { EventDraft } from "./calendar.form";
import type { ShowDraft } from "./calendar.publish";

export const EVENT_TYPES = ["away", "gig", "rehearsal", "recording", "promotion"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The type a new event starts with, and the one a row without a type is shown as. */
export const DEFAULT_EVENT_TYPE: EventType = "gig";

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}

/** The Add Event form with nothing typed. */
export const emptyEventDraft: EventDraft = { title: "", description: "", eventType: DEFAULT_EVENT_TYPE };

const DEFAULT_TIME_ZONE = "Europe/Dublin";

/** The show form with nothing typed. */
export const emptyShowDraft: ShowDraft = {
  venueName: "",
  street: "",
  town: "",
  county: "",
  postalCode: "",
  country: "IE",
  doors: "20:00",
  timeZone: DEFAULT_TIME_ZONE,
  ticketUrl: "",
  ticketKind: "ticket",
  price: "",
  // The default country's: a price typed alone is in euro; a currency without a price is not sent.
  currency: "EUR",
  availability: "",
  onSale: "",
};

/** Whether something is typed in a show form: one of its fields differs from the empty form's. */
export const isShowTyped = (show: ShowDraft): boolean =>
  (Object.keys(emptyShowDraft) as (keyof ShowDraft)[]).some((field) => show[field] !== emptyShowDraft[field]);

/** The key of the Add Event form's show among the page's show forms; a gig's own form is keyed by the gig's id. */
export const NEW_GIG = "new";

/** Whether `value` is a kind of ticket link the show forms offer (the database's shows_ticket_kind_known). */
export const isTicketKind = (value: unknown): value is ShowDraft["ticketKind"] =>
  value === "ticket" || value === "venue";

/** A show's id as the database allows one, for the keys of the forms the tab keeps (a form's prefix before it). */
export const SHOW_ID = "[a-z0-9-]{1,100}";

/** How many show forms of a kind the tab keeps at most (a handful is typed at a time): the latest begun, when more are. */
export const KEPT_FORMS_AT_MOST = 20;

/** The key of a published show's details form among the page's show forms. */
export const detailsFormKey = (showId: string) => `details-${showId}`;
