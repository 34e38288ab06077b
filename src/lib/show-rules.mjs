// @ts-check
/**
 * What the database refuses in a published show's row (the checks of public.shows,
 * supabase/migrations/20250112000000), field by field, as the browser and the import can tell before asking:
 * the /calendar form says each beside its field, `npm run tour:import` names them in a line
 * (src/lib/published-shows.mjs). The database checks again; this spares a round trip, and a gig made for a
 * show the database then refuses. Plain JavaScript with no Node module, so the browser and Node read it alike.
 */

import { invisibleCharactersIn, showsNothing } from "./hidden-text.mjs";
import { lengthProblem } from "./text-length.mjs";

/**
 * @typedef {object} ShowFields the columns of a show the team writes, as the checks read them
 * @property {string} [id]
 * @property {string} [venue_name]
 * @property {string} [venue_street]
 * @property {string} [venue_town]
 * @property {string} [venue_county]
 * @property {string} [venue_postal_code]
 * @property {string} [venue_country]
 * @property {string} [starts_at]
 * @property {string} [time_zone]
 * @property {string} [ticket_url]
 * @property {string} [ticket_kind]
 * @property {number | null} [price]
 * @property {string | null} [currency]
 * @property {string | null} [availability]
 * @property {string | null} [on_sale_at]
 */

/**
 * How long a show lasts from doors: it counts as upcoming until then, and a fan's calendar blocks that
 * long. The dates carry no end time; doors at 20:00, a support act and a headline set with encore end
 * about three hours later, and an end that is too late is kinder than a calendar showing the fan free
 * while the show is still on.
 */
export const SHOW_MINUTES = 180;

/**
 * Whether a show with doors at `iso` is over at `now` (SHOW_MINUTES after its doors).
 * @param {string} iso
 * @param {Date} now
 */
export const isOverAt = (iso, now) => Date.parse(iso) + SHOW_MINUTES * 60_000 <= now.getTime();

/** Each line of text a fan reads, its name in a message and its longest length (the SQL's). */
export const SHOWN_LINES = /** @type {const} */ ([
  ["venue_name", "venue name", 200],
  ["venue_street", "street", 200],
  ["venue_town", "town", 100],
  ["venue_county", "county", 100],
  ["venue_postal_code", "postal code", 20],
]);

/** The tickets' availabilities the database knows (the content schema's). */
export const AVAILABILITIES = /** @type {const} */ (["on-sale", "few-left", "sold-out", "pre-sale"]);

/**
 * What is said of a value that has a space (or a tab) inside it where none may be: the problem first, then what
 * is taken, since the space is easy to miss in what was pasted.
 * @param {string} taken
 */
export const spaceProblem = (taken) => `has a space in it: ${taken}`;

/** The invisible characters of a link other than an ordinary space, each once. @param {string} link */
const hiddenInLink = (link) => invisibleCharactersIn(link).filter((found) => found !== "U+0020");

/**
 * What is said of a web address holding invisible characters, which a copy from a page can bring along.
 * @param {string[]} found
 */
const hiddenLinkProblem = (found) =>
  `has hidden characters in it (${found.join(", ")}): a web address has none (copy it again from the ticket page)`;

/** Whether `text`, its ends trimmed, has a space or a tab inside it. @param {string} text */
const hasInnerSpace = (text) => /\s/.test(text.trim());

/**
 * Whether the space inside `text` is all that is wrong with it: it has one, and `takes` accepts it with each run of
 * spaces put `instead` (taken out, or the underscore a time zone's name has). Only then is "has a space in it" said:
 * "12 euro" or "Tickets: https://…" has more wrong than a space, and the plain words say what the field takes.
 * @param {string} text
 * @param {(text: string) => boolean} takes
 * @param {string} [instead]
 */
export const onlySpaceWrong = (text, takes, instead = "") =>
  hasInnerSpace(text) && takes(text.trim().replace(/\s+/g, instead));

/** Control characters, line separators, and the bidirectional controls that would make a line show as other words. */
const HIDDEN = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const WEB_ADDRESS =
  /^https:\/\/[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?([/?#][^\s\p{Cc}]*)?$/u;

/** shows_ticket_url_host: a host with a dot in its name, not one word ("https://tickets", a paste cut short). */
const REACHABLE_HOST = /^https:\/\/[^/?#:]+\.[^/?#:.]+([/?#:]|$)/;

/**
 * Whether `zone` names a time zone of the IANA database this runtime knows (Europe/Dublin), as the
 * database's private.is_time_zone() asks: abbreviations (IST) and offsets (+01) are not names.
 * @param {unknown} zone
 */
export function isTimeZone(zone) {
  if (typeof zone !== "string" || zone.length > 64 || !/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * What is said of a time zone that is not one: a name with a space typed for the underscore (America/New York)
 * is told so.
 * @param {unknown} zone
 */
export function timeZoneProblem(zone) {
  const name = "a time zone's name, as Europe/Dublin or Europe/London";
  return typeof zone === "string" && onlySpaceWrong(zone, isTimeZone, "_")
    ? spaceProblem("a time zone's name has none, as America/New_York")
    : name;
}

/**
 * What the database would refuse in a show's row, by field (a column, or `tickets` for the price's
 * companions): the words that say what to write instead. Empty when it would be accepted.
 * @param {ShowFields} row
 * @returns {Partial<Record<keyof ShowFields | "tickets", string>>}
 */
export function showFieldProblems(row) {
  /** @type {Partial<Record<keyof ShowFields | "tickets", string>>} */
  const problems = {};
  if ("id" in row && (typeof row.id !== "string" || row.id.length > 100 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(row.id))) {
    problems.id = "lower case letters, digits and single dashes, e.g. belfast-2027-03-12";
  }
  for (const [column, , longest] of SHOWN_LINES) {
    const value = row[column];
    const tooLong = typeof value === "string" ? lengthProblem(value, longest) : null;
    // A line of only invisible characters (zero-width spaces, say) shows nothing: the database counts it as empty.
    if (typeof value !== "string" || showsNothing(value)) problems[column] = "required";
    else if (tooLong) problems[column] = tooLong;
    else if (HIDDEN.test(value))
      problems[column] = "one line of plain text: this has a line break or a hidden character";
  }
  if (typeof row.venue_country !== "string" || !/^[A-Z]{2}$/.test(row.venue_country)) {
    problems.venue_country = "the country's two capital letters: IE, GB, FR";
  }
  if (typeof row.starts_at !== "string" || Number.isNaN(Date.parse(row.starts_at)))
    problems.starts_at = "a date and time";
  if ("time_zone" in row && !isTimeZone(row.time_zone)) problems.time_zone = timeZoneProblem(row.time_zone);
  const link = typeof row.ticket_url === "string" ? row.ticket_url : "";
  const linkTooLong = lengthProblem(link, 2000);
  if (linkTooLong) problems.ticket_url = linkTooLong;
  else if (onlySpaceWrong(link, (joined) => WEB_ADDRESS.test(joined) && hiddenInLink(joined).length === 0))
    problems.ticket_url = spaceProblem("a web address has none (copy it again from the ticket page)");
  // An ordinary space is named above when it is all that is wrong; one among other faults is not named alone.
  else if (hiddenInLink(link).length > 0) problems.ticket_url = hiddenLinkProblem(hiddenInLink(link));
  else if (!WEB_ADDRESS.test(link)) {
    problems.ticket_url = "a whole address starting with https://";
  } else if (!REACHABLE_HOST.test(link))
    problems.ticket_url = "the site's whole name, with its dot: https://tickets.example.com";
  if (row.ticket_kind !== "ticket" && row.ticket_kind !== "venue") problems.ticket_kind = "ticket or venue";
  const price = row.price ?? null;
  if (price !== null && !(price >= 0 && price < 100000)) {
    problems.price = "from 0 to 99999.99";
  } else if (price !== null && Math.abs(price * 100 - Math.round(price * 100)) >= 1e-6) {
    problems.price = "at most two digits after the point: 12.50";
  } else if ((price === null) !== ((row.currency ?? null) === null)) {
    problems.price = "a price and its currency, both or neither";
  }
  if (row.currency && !/^[A-Z]{3}$/.test(row.currency)) problems.currency = "three capital letters: EUR, GBP";
  if (row.availability && !(/** @type {readonly string[]} */ (AVAILABILITIES).includes(row.availability))) {
    problems.availability = AVAILABILITIES.join(", ");
  }
  if (price === null && (row.availability || row.on_sale_at)) {
    problems.tickets = "availability and on-sale time need a price";
  }
  // shows_on_sale_before_doors: fans would read "On sale from" a day after the show (a year or a month mistyped).
  const [onSale, doors] = [Date.parse(row.on_sale_at ?? ""), Date.parse(row.starts_at ?? "")];
  if (onSale >= doors) problems.on_sale_at = "before the doors";
  return problems;
}
