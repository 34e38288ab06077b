/**
 * A published show's details put right after it is on the website (a venue's name mistyped, a price now
 * known): the show form filled in with the show as it is, and the change its fields make, column by column,
 * so a save writes only what was changed, as a new version. A new time for the doors is a reschedule, and
 * says so to fans (rescheduledTo), unless the person says it puts a mistyped time right (correctedTo).
 */
import { showFromDraft, type NewShow, type ShowDraft } from "./calendar.publish";
import { rescheduledTo, type Show } from "./calendar.shows";
import type { ShowChange } from "./calendar.writes";
import { onTheClock, wallTimeIn } from "./calendar.zones";
import { PUBLIC_SHOW_COLUMNS } from "../../lib/show-columns.mjs";

/** The public columns the details form does not write as they are: the id, and a reschedule's (below). */
const NOT_DETAILS = ["id", "starts_at", "time_zone", "status", "previous_starts_at"] as const;
type DetailColumn = Exclude<(typeof PUBLIC_SHOW_COLUMNS)[number], (typeof NOT_DETAILS)[number]>;

/** The columns the details form writes as they are: the venue, the ticket link and the tickets' facts. */
const DETAIL_COLUMNS = PUBLIC_SHOW_COLUMNS.filter(
  (column): column is DetailColumn => !(NOT_DETAILS as readonly string[]).includes(column),
);

/** The show form filled in with `show` as it is, its times on the venue's clock. */
export function draftFromShow(show: Show): ShowDraft {
  const onSale = show.on_sale_at ? wallTimeIn(show.on_sale_at, show.time_zone) : null;
  return {
    venueName: show.venue_name,
    street: show.venue_street,
    town: show.venue_town,
    county: show.venue_county,
    postalCode: show.venue_postal_code,
    country: show.venue_country,
    doors: wallTimeIn(show.starts_at, show.time_zone).time,
    timeZone: show.time_zone,
    ticketUrl: show.ticket_url,
    ticketKind: show.ticket_kind === "venue" ? "venue" : "ticket",
    price: show.price === null ? "" : Number(show.price).toFixed(2),
    currency: show.currency ?? "EUR",
    availability: show.availability === null ? "" : (show.availability as ShowDraft["availability"]),
    onSale: onSale ? `${onSale.date}T${onSale.time}` : "",
  };
}

/** The day of `show`'s doors on the venue's clock, which the details form keeps (YYYY-MM-DD). */
export const showDay = (show: Pick<Show, "starts_at" | "time_zone">) => wallTimeIn(show.starts_at, show.time_zone).date;

/**
 * What fans read of `show` once moved to other doors on its day, as /tour says it: the doors it was announced
 * with, or, announced on another day, that it is rescheduled. Both on the clock of `timeZone`, the zone the show
 * is moved to: /tour reads the start it had on the show's own clock, so a zone put right changes both.
 */
export function movedNote(
  show: Pick<Show, "starts_at" | "time_zone" | "previous_starts_at">,
  timeZone = show.time_zone,
): string {
  const announced = wallTimeIn(show.previous_starts_at ?? show.starts_at, timeZone);
  return announced.date === showDay(show) ? `Doors moved from ${announced.time}` : "Rescheduled";
}

/**
 * A column's value as it compares: a price as a number (the database may answer it as text), a time as the
 * venue's clock reads it. The form reads and writes times on that clock, and in the hour the clocks go back
 * it reads twice: a time the form gave back unchanged is the same time, not the second of the two.
 */
function comparable(column: DetailColumn, value: unknown, time: (instant: string) => string): unknown {
  if (value === null || value === undefined) return null;
  if (column === "price") return Number(value);
  return column === "on_sale_at" ? time(String(value)) : value;
}

/**
 * The change that puts `show`'s mistyped doors right, at `startsAt`: fans were never meant to read the old time,
 * so they are told of no move. What they were told of an earlier, real move stays (its status and the start it
 * was announced with); put right to that very start, the show is no longer moved, as a move back says.
 */
function correctedTo(show: Pick<Show, "status" | "starts_at" | "previous_starts_at">, startsAt: string) {
  const back = show.previous_starts_at !== null && Date.parse(show.previous_starts_at) === Date.parse(startsAt);
  return back ? rescheduledTo(show, startsAt) : { starts_at: startsAt };
}

/**
 * Whether fans would read new doors at `startsAt` otherwise as a move than as a mistake put right, so the form
 * asks which they are: not for a show already told as moved (it keeps that start and says it either way).
 */
export function movedOrCorrected(show: Pick<Show, "status" | "starts_at" | "previous_starts_at">, startsAt: string) {
  const [moved, corrected] = [rescheduledTo(show, startsAt), { ...show, ...correctedTo(show, startsAt) }];
  const instant = (value: string | null) => (value === null ? null : Date.parse(value));
  return (
    Date.parse(startsAt) !== Date.parse(show.starts_at) &&
    (moved.status !== corrected.status || instant(moved.previous_starts_at) !== instant(corrected.previous_starts_at))
  );
}

/**
 * What the form's `row` changes of `show`: only the columns that differ (empty when nothing does); new doors as
 * a reschedule, or, `corrected`, as a mistake put right.
 */
export function detailsChange(show: Show, row: NewShow, corrected = false): ShowChange {
  const change: Record<string, unknown> = {};
  // In another zone, a time is the same only as the same instant.
  const time = (instant: string) =>
    row.time_zone === show.time_zone ? onTheClock(instant, show.time_zone) : String(Date.parse(instant));
  for (const column of DETAIL_COLUMNS) {
    if (comparable(column, show[column], time) !== comparable(column, row[column], time))
      change[column] = row[column] ?? null;
  }
  if (row.time_zone !== show.time_zone) change.time_zone = row.time_zone;
  if (time(row.starts_at) !== time(show.starts_at))
    Object.assign(change, (corrected ? correctedTo : rescheduledTo)(show, row.starts_at));
  return change as ShowChange;
}

/** Whether the show form `typed` would put up `show` as it is: nothing in it to save over the show. */
export function isShowAsTyped(show: Show, typed: ShowDraft): boolean {
  const { row } = showFromDraft(typed, show.event_id, showDay(show), null);
  return row !== undefined && Object.keys(detailsChange(show, row)).length === 0;
}
