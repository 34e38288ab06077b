// @ts-check
/**
 * Published shows as the database holds them (public.shows, supabase/migrations/20250112000000; the anon key
 * reads their copy in public.published_shows, 20250121000000) and as the tour file wrote them
 * (src/content/tour.yaml): the columns the anon key may read, a row as a tour
 * date entry (what the build checks and renders), and an entry as a row (what `npm run tour:import` and
 * the seed write). Plain JavaScript, so the import script, run by Node without a build, reads it too.
 */

import { createHash } from "node:crypto";
import { orderByKey, readByKey, ROWS_PER_REQUEST } from "./pages-by-key.mjs";
import { canonicalShows, PUBLIC_SHOW_COLUMNS } from "./show-columns.mjs";
import { SHOWN_LINES, showFieldProblems } from "./show-rules.mjs";

export { PUBLIC_SHOW_COLUMNS };

/** The time zone a show is in unless the team says otherwise. */
const DEFAULT_SHOW_TIME_ZONE = "Europe/Dublin";

/**
 * @typedef {object} ShowRow a published show's public columns, as the REST API answers them
 * @property {string} id
 * @property {string} venue_name
 * @property {string} venue_street
 * @property {string} venue_town
 * @property {string} venue_county
 * @property {string} venue_postal_code
 * @property {string} venue_country
 * @property {string} starts_at an ISO instant
 * @property {string} time_zone an IANA name
 * @property {string} ticket_url
 * @property {"ticket" | "venue"} ticket_kind
 * @property {number | null} price
 * @property {string | null} currency
 * @property {string | null} availability
 * @property {string | null} on_sale_at
 * @property {string} status scheduled, postponed, rescheduled, sold-out or cancelled
 * @property {string | null} previous_starts_at
 */

/**
 * An instant as the wall-clock time in `timeZone` with that zone's offset then, to the second:
 * 2025-04-23T20:00:00+01:00 for 19:00 UTC in Europe/Dublin in summer.
 * @param {string} instant anything Date.parse reads
 * @param {string} timeZone
 */
function zonedIso(instant, timeZone) {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new Error(`not a time: ${instant}`);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "longOffset",
  }).formatToParts(date);
  /** @param {string} type */
  const part = (type) => parts.find((p) => p.type === type)?.value ?? "";
  const offset = part("timeZoneName").replace(/^GMT/, "") || "+00:00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}${offset}`;
}

/**
 * A published show as an entry of the tour file, in the venue's time: what the content schema checks
 * and the pages render. A sold-out show stands as scheduled and sold out (as rescheduled and sold out when it
 * was moved: it keeps its previous start), its tickets sold out where it gives them.
 * @param {ShowRow} row
 */
export function tourDateEntryOf(row) {
  const soldOut = row.status === "sold-out";
  const price = row.price === null ? null : Number(row.price);
  return {
    id: row.id,
    startDate: zonedIso(row.starts_at, row.time_zone),
    venue: {
      name: row.venue_name,
      street: row.venue_street,
      town: row.venue_town,
      county: row.venue_county,
      postalCode: row.venue_postal_code,
      country: row.venue_country,
    },
    link: row.ticket_url,
    kind: row.ticket_kind,
    status: soldOut ? (row.previous_starts_at ? "rescheduled" : "scheduled") : row.status,
    ...(soldOut && { soldOut: true }),
    ...(row.previous_starts_at && { previousStartDate: zonedIso(row.previous_starts_at, row.time_zone) }),
    ...(price !== null &&
      row.currency && {
        tickets: {
          price,
          currency: row.currency,
          ...((soldOut || row.availability) && { availability: soldOut ? "sold-out" : row.availability }),
          ...(row.on_sale_at && { onSale: zonedIso(row.on_sale_at, row.time_zone) }),
        },
      }),
  };
}

/**
 * @typedef {object} TourFileDate a date as src/content/tour.yaml lists it (checked by its schema)
 * @property {string} id
 * @property {string} startDate
 * @property {{ name: string, street: string, town: string, county: string, postalCode: string, country: string }} venue
 * @property {string} link
 * @property {"ticket" | "venue"} kind
 * @property {string} [status]
 * @property {{ price: number, currency: string, availability?: string, onSale?: string }} [tickets]
 */

/**
 * A date of the tour file as a published show's row (its gig aside): the doors in Irish time.
 * @param {TourFileDate} date
 */
export function showRowOf(date) {
  return {
    id: date.id,
    venue_name: date.venue.name,
    venue_street: date.venue.street,
    venue_town: date.venue.town,
    venue_county: date.venue.county,
    venue_postal_code: date.venue.postalCode,
    venue_country: date.venue.country,
    starts_at: new Date(date.startDate).toISOString(),
    time_zone: DEFAULT_SHOW_TIME_ZONE,
    ticket_url: date.link,
    ticket_kind: date.kind,
    price: date.tickets?.price ?? null,
    currency: date.tickets?.currency ?? null,
    availability: date.tickets?.availability ?? null,
    on_sale_at: date.tickets?.onSale ? new Date(date.tickets.onSale).toISOString() : null,
    status: date.status ?? "scheduled",
    previous_starts_at: null,
  };
}

/** How a line of `npm run tour:import` names each field of showFieldProblems. */
const FIELD_NAMES = {
  id: "id",
  ...Object.fromEntries(SHOWN_LINES.map(([column, name]) => [column, name])),
  venue_country: "country",
  starts_at: "doors",
  time_zone: "time zone",
  ticket_url: "link",
  ticket_kind: "kind",
  price: "price",
  currency: "currency",
  availability: "availability",
  tickets: "tickets",
};

/**
 * What the database would refuse in a show's row (src/lib/show-rules.mjs), one line per field, empty when
 * it would be accepted.
 * @param {Partial<ReturnType<typeof showRowOf>>} row
 * @returns {string[]}
 */
export function showProblems(row) {
  return Object.entries(showFieldProblems({ id: undefined, ...row })).map(
    ([field, problem]) => `${FIELD_NAMES[/** @type {keyof typeof FIELD_NAMES} */ (field)]}: ${problem}`,
  );
}

/** The order the shows are read in, and paged by (src/lib/pages-by-key.mjs): earliest first. */
const EARLIEST_FIRST = { column: "starts_at", ascending: true };

/**
 * The published shows of the project at `url`, read with its anon key as the build does, earliest first:
 * the rows as the REST API answers them, a page at a time by key (src/lib/pages-by-key.mjs), so that neither
 * a project's row limit nor a show unpublished meanwhile leaves a show off the site. Throws an Error saying,
 * in one line, why they could not be read (and on which page, past the first); `timeoutMs` bounds the whole
 * read.
 * @param {{ url: string, key: string, fetch?: typeof fetch, timeoutMs?: number }} project
 * @returns {Promise<Record<string, unknown>[]>}
 */
export async function readPublishedShows({ url, key, fetch: fetchImpl = fetch, timeoutMs = 20_000 }) {
  const address =
    `${url.replace(/\/$/, "")}/rest/v1/published_shows?select=${PUBLIC_SHOW_COLUMNS.join(",")}` +
    `&order=${orderByKey(EARLIEST_FIRST)}&limit=${ROWS_PER_REQUEST}`;
  const signal = AbortSignal.timeout(timeoutMs);
  let read = 0;
  return readByKey(EARLIEST_FIRST, async (after, number) => {
    const pageAddress = after === null ? address : `${address}&or=${encodeURIComponent(`(${after})`)}`;
    try {
      const page = await readShowsPage(pageAddress, key, fetchImpl, signal);
      read += page.length;
      return page;
    } catch (error) {
      if (number === 1) throw error;
      const where = `page ${number}, the shows after the first ${read.toLocaleString("en-GB")}`;
      throw new Error(`${/** @type {Error} */ (error).message} (${where})`);
    }
  });
}

/**
 * One page of readPublishedShows.
 * @param {string} address
 * @param {string} key
 * @param {typeof fetch} fetchImpl
 * @param {AbortSignal} signal
 * @returns {Promise<Record<string, unknown>[]>}
 */
async function readShowsPage(address, key, fetchImpl, signal) {
  let response;
  try {
    response = await fetchImpl(address, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: "application/json" },
      signal,
    });
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause;
    throw new Error(
      `it could not be reached (${cause?.code ?? cause?.message ?? /** @type {Error} */ (error).message})`,
    );
  }
  const text = await response.text();
  if (!response.ok) {
    let reason = text.slice(0, 200);
    try {
      reason = JSON.parse(text).message ?? reason;
    } catch {
      // Not PostgREST's JSON error: its first characters say it.
    }
    throw new Error(`it answered HTTP ${response.status}${reason ? `: ${reason}` : ""}`);
  }
  let rows;
  try {
    rows = JSON.parse(text);
  } catch {
    throw new Error("it answered something that is not JSON");
  }
  if (!Array.isArray(rows) || rows.some((row) => row === null || typeof row !== "object" || Array.isArray(row))) {
    throw new Error("it answered something that is not a list of shows");
  }
  return rows;
}

/**
 * A digest of the published shows as the anon key reads them: the same for the same shows in any order,
 * different once any public field of any show changes. A build records the digest of the shows it
 * rendered, so whether the site is behind the calendar is one comparison.
 * @param {readonly Record<string, unknown>[]} rows
 */
export function showsDigest(rows) {
  return createHash("sha256").update(canonicalShows(rows)).digest("hex");
}

/**
 * The digest of the published shows a build's pages render, from the tour's entries as the pages read them: the
 * tour's loader (src/lib/shows-loader.ts) marks each with the digest of the read it came from. That digest when
 * every entry carries it; the digest of no shows when there is no entry; null when they disagree or one carries
 * none (an entry from before the marks), so the site is taken to be behind and built again. Taken from what the
 * pages read, not from the loader's read: Astro 5 can leave its content store file as the last build saved it
 * while the loader read newer shows (a save cut short by another, withastro/astro#15672), and then the pages
 * render the last build's shows, which the record must say.
 * @param {readonly object[]} entries the collection's entries (Astro's type does not name their digest)
 * @returns {string | null}
 */
export function renderedShowsDigest(entries) {
  if (entries.length === 0) return showsDigest([]);
  const marks = new Set(entries.map((entry) => /** @type {{ digest?: unknown }} */ (entry).digest));
  const [mark] = marks;
  return marks.size === 1 && typeof mark === "string" && mark !== "" ? mark : null;
}
