/**
 * Putting a gig on the website: the form's fields as typed (the venue, the doors in the venue's time zone,
 * the ticket link and what it is, the tickets' facts), the instant a wall-clock time in a zone stands for
 * (its offset worked out, never typed), and the row public.shows takes, checked field by field as the
 * database checks it (src/lib/show-rules.mjs), each problem in words beside its field.
 */
import {
  AVAILABILITIES,
  isOverAt,
  isTimeZone,
  onlySpaceWrong,
  showFieldProblems,
  spaceProblem,
  timeZoneProblem,
} from "../../lib/show-rules.mjs";
import type { Database } from "../../lib/database.types";
import { countryOf, currencyOf } from "./calendar.places";
import { onTheClock, skippedByClocks, skippedTimeProblem, zonedInstant } from "./calendar.zones";

/** The row a show is inserted as. */
export type NewShow = Database["public"]["Tables"]["shows"]["Insert"];

/** The show form's fields, as typed. */
export type ShowDraft = {
  venueName: string;
  street: string;
  town: string;
  county: string;
  postalCode: string;
  country: string;
  /** Doors, as HH:MM on the gig's day, on a clock in `timeZone`. */
  doors: string;
  timeZone: string;
  ticketUrl: string;
  ticketKind: "ticket" | "venue";
  /** Empty, or a price in the currency's units: "12.50". */
  price: string;
  currency: string;
  availability: "" | (typeof AVAILABILITIES)[number];
  /** Empty, or YYYY-MM-DDTHH:MM on a clock in `timeZone`. */
  onSale: string;
};

export type ShowField = keyof ShowDraft;

/** What each field's problem is, in words a person acts on. */
export type ShowDraftProblems = Partial<Record<ShowField, string>>;

export { emptyShowDraft } from "./calendar.types";

export { AVAILABILITIES };

/** The tickets' availability in words, as the form offers it. */
export const AVAILABILITY_WORDS: Record<(typeof AVAILABILITIES)[number], string> = {
  "on-sale": "On sale",
  "few-left": "Few left",
  "sold-out": "Sold out",
  "pre-sale": "Pre-sale",
};

/** A town as the start of a show's id: "Dún Laoghaire" → "dun-laoghaire"; "show" when nothing is left. */
export function idStem(town: string): string {
  const stem = town
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return stem || "show";
}

/** Which form field each of the database's checks is said beside. */
const FIELD_OF: Record<string, ShowField> = {
  venue_name: "venueName",
  venue_street: "street",
  venue_town: "town",
  venue_county: "county",
  venue_postal_code: "postalCode",
  venue_country: "country",
  starts_at: "doors",
  time_zone: "timeZone",
  ticket_url: "ticketUrl",
  ticket_kind: "ticketKind",
  price: "price",
  currency: "currency",
  availability: "availability",
  tickets: "price",
  on_sale_at: "onSale",
};

/** What the doors of a show already over are told: a show is put on the website, or moved, while still to come. */
const OVER = "a day and time still to come (that one is over)";

/** How far ahead a show may be put on the website or moved: a tour is booked a year or two ahead, not ten. */
const YEARS_AHEAD = 3;
const TOO_FAR = "a day within three years from today";

/** Whether doors at `iso` are more than YEARS_AHEAD years after `now`. */
function isTooFarAhead(iso: string, now: Date): boolean {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + YEARS_AHEAD);
  return Date.parse(iso) > limit.getTime();
}

/**
 * Why a show cannot be moved to doors at `iso` at `now`, or null: it is moved to a time still to come, as a
 * show is put on the website, and to another time than it has, as the venue's clock reads both (in the
 * hour the clocks go back, the form's 01:30 is either of two instants, and the same time to a fan).
 */
export function rescheduleProblem(
  show: { starts_at: string; time_zone: string; on_sale_at?: string | null },
  iso: string,
  now: Date,
): string | null {
  if (isOverAt(iso, now)) return OVER;
  if (isTooFarAhead(iso, now)) return TOO_FAR;
  // As the show form refuses tickets on sale from the doors on: fans would read "On sale from" after the show.
  if (show.on_sale_at && Date.parse(iso) <= Date.parse(show.on_sale_at)) return "after the tickets go on sale";
  if (onTheClock(iso, show.time_zone) === onTheClock(show.starts_at, show.time_zone)) {
    return "another day or time than the show has now";
  }
  return null;
}

/** A price typed in figures, with a point or a comma before at most two figures of cents: "1200", "12.50", "12,5". */
const PRICE = /^\d+([.,]\d{1,2})?$/;
/** Figures with points or commas between them, which a price in figures is not: "3,500", "1.200", "1,200.50". */
const SEPARATED = /^\d+([.,]\d+)+$/;
/**
 * Said of figures with a thousands separator, or more than two after the point: "3,500" is read neither as 3.5 nor
 * as 3500, as the team member may have meant either, and fans must not read the other.
 */
const GROUPED = "figures alone, with at most two after the point: 3500 or 12.50";

/** The price in `text`, or NaN when it is not one in figures (PRICE). */
const priceOf = (text: string) => (PRICE.test(text) ? Number(text.replace(",", ".")) : Number.NaN);

/**
 * The row a filled-in form puts on the website for the gig `eventId` on `date` (YYYY-MM-DD), or what is
 * wrong with it, field by field. Text is trimmed; the country is taken by its two letters or its English name,
 * the currency by its three letters, each only one the browser knows (calendar.places.ts). A show already over
 * at `now` is not put on the website: a day picked a row off on a phone would list a show nobody can go to;
 * nor one more than three years ahead, a year mistyped (9999) that fans would read as the next show. With no
 * `now`, the doors are not measured against the clock (a show's details put right, its doors left as they were).
 */
export function showFromDraft(
  draft: ShowDraft,
  eventId: string,
  date: string,
  now: Date | null,
): { row: NewShow; problems?: undefined } | { row?: undefined; problems: ShowDraftProblems } {
  const problems: ShowDraftProblems = {};
  const timeZone = draft.timeZone.trim();
  const doors = zonedInstant(date, draft.doors.trim(), timeZone);
  if (!isTimeZone(timeZone)) problems.timeZone = timeZoneProblem(timeZone);
  else if (!doors && skippedByClocks(date, draft.doors.trim(), timeZone)) problems.doors = skippedTimeProblem(timeZone);
  else if (!doors) problems.doors = "a time of that day, as 20:00";
  else if (now && isOverAt(doors.iso, now)) problems.doors = OVER;
  else if (now && isTooFarAhead(doors.iso, now)) problems.doors = TOO_FAR;
  const priceText = draft.price.trim();
  const price = priceText === "" ? null : priceOf(priceText);
  if (onlySpaceWrong(priceText, (joined) => !Number.isNaN(priceOf(joined))))
    problems.price = spaceProblem("a price in figures has none, as 1200 or 12.50");
  else if (Number.isNaN(price) && SEPARATED.test(priceText)) problems.price = GROUPED;
  else if (Number.isNaN(price)) problems.price = "a price in figures, as 12.50";
  const [onSaleDate = "", onSaleTime = ""] = draft.onSale.trim().split("T");
  const onSaleAt = [onSaleDate, onSaleTime.slice(0, 5), timeZone] as const;
  const onSale = draft.onSale.trim() === "" ? null : zonedInstant(...onSaleAt);
  // One at or after the doors is refused as the database refuses it (showFieldProblems).
  if (draft.onSale.trim() !== "" && !onSale)
    problems.onSale = skippedByClocks(...onSaleAt) ? skippedTimeProblem(timeZone) : "a date and time, or nothing";
  const country = countryOf(draft.country);
  if (!country) problems.country = "a country, by its two letters (IE, GB, FR) or its name in English";
  const currencyTyped = currencyOf(draft.currency);
  const currency = currencyTyped?.code ?? draft.currency.trim().toUpperCase();
  if (price !== null && currency !== "" && !currencyTyped) {
    problems.currency = onlySpaceWrong(currency, (joined) => currencyOf(joined) !== null)
      ? spaceProblem("a currency's three letters go together, as EUR or GBP")
      : "a currency's three letters: EUR, GBP";
  }
  const row: NewShow = {
    id: `${idStem(draft.town)}-${date}`,
    event_id: eventId,
    venue_name: draft.venueName.trim(),
    venue_street: draft.street.trim(),
    venue_town: draft.town.trim(),
    venue_county: draft.county.trim(),
    venue_postal_code: draft.postalCode.trim(),
    venue_country: country?.code ?? draft.country.trim().toUpperCase(),
    starts_at: doors?.iso ?? "",
    time_zone: timeZone,
    ticket_url: draft.ticketUrl.trim(),
    ticket_kind: draft.ticketKind,
    price: Number.isNaN(price) ? null : price,
    currency: currency === "" || price === null ? null : currency,
    availability: draft.availability === "" ? null : draft.availability,
    on_sale_at: onSale?.iso ?? null,
  };
  for (const [column, problem] of Object.entries(showFieldProblems(row))) {
    const field = FIELD_OF[column];
    // A doors time that could not be worked out is said once, beside the field that stops it.
    if (field === "doors" && problems.timeZone) continue;
    if (field && !problems[field]) problems[field] = problem;
  }
  if (price !== null && !Number.isNaN(price) && currency === "") problems.currency = "the price's currency: EUR, GBP";
  return Object.keys(problems).length > 0 ? { problems } : { row };
}
