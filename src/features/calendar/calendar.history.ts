/**
 * A published show's kept version beside the show as it is now: which of its columns restoring it would
 * change, and those differences in a few words for its row in the show's history ("Price €12.50"); and what
 * the change that replaced it did, beside the version after it ("cancelled", "ticket link changed").
 */
import { formatDate, formatDateTime } from "../../lib/dates";
import { countryInAddress } from "../../lib/countries.mjs";
import { priceText } from "../../lib/price";
import { AVAILABILITY_WORDS } from "./calendar.publish";
import { doorsText, isSoldOut, rescheduledTo, statusText, type Show } from "./calendar.shows";
import { utcOffset, wallTimeIn } from "./calendar.zones";
import type { ShowVersion } from "./calendar.writes";

/**
 * The columns the database owns: a version keeps them, but restore_show never writes them back
 * (private.show_values, supabase/migrations/20250112000000_published_shows.sql, leaves out the same five).
 */
type OwnedColumn = "id" | "event_id" | "version" | "created_at" | "updated_at";

/** What restore_show writes of a kept version: every other column of the table. */
type RestoredColumn = Exclude<keyof Show, OwnedColumn>;

/** How long a note or a ticket link is quoted in a row before it is cut short (the row's own line has the link whole). */
const QUOTE_LENGTH = 60;

const cut = (text: string) => (text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH).trimEnd()}…` : text);

/** Whether two versions' doors fall on the same day, each on its own venue's clock. Throws for a zone unknown here. */
const sameDay = (one: Show, other: Show) =>
  formatDate(new Date(one.starts_at), { timeZone: one.time_zone }) ===
  formatDate(new Date(other.starts_at), { timeZone: other.time_zone });

/**
 * A version's doors said beside another's, on its own venue's clock: the time alone on the same day ("20:00"), the
 * day too on another ("Jul 11, 2027, 20:00"); the zone named when the two zones differ ("20:00 (Europe/Paris)"), and
 * the offset when one clock reads two instants the same (the night the clocks go back: "01:30 (UTC+1)"). Throws
 * for a zone this browser does not know.
 */
function doorsBeside(show: Show, other: Show): string {
  const zones = show.time_zone !== other.time_zone;
  const at = new Date(show.starts_at);
  if (!sameDay(show, other)) {
    return zones ? doorsText(show.starts_at, show.time_zone) : formatDateTime(at, { timeZone: show.time_zone });
  }
  // Both zones are known here by now (sameDay would have thrown): the venue's clock, as the details form reads it.
  const clock = (one: Show) => wallTimeIn(one.starts_at, one.time_zone).time;
  const twice = !zones && at.getTime() !== Date.parse(other.starts_at) && clock(show) === clock(other);
  const which = zones ? ` (${show.time_zone})` : twice ? ` (${utcOffset(at.toISOString(), show.time_zone)})` : "";
  return `${clock(show)}${which}`;
}

/**
 * A kept version's doors beside the show now (doorsBeside), as its history row and its Restore's question say
 * them; for a zone this browser does not know, as the rest of the panel says them.
 */
export function keptDoors(kept: Show, now: Show): string {
  try {
    return doorsBeside(kept, now);
  } catch {
    return doorsText(kept.starts_at, kept.time_zone);
  }
}

/**
 * Each column restore writes, with the words a history row says of a version's value of it, given the show now
 * (the doors are said beside its own: "Doors 20:00" on the same day). Typed from the table's columns, so a column
 * added to the table cannot be left out of the comparison. Each says the value that version had, the doors, the
 * status and the ticket link too, although the row's first lines show them: "Differs from now" is read alone.
 */
const COLUMN_WORDS: { [column in RestoredColumn]: (kept: Show, now: Show) => string } = {
  published: (kept) => (kept.published ? "On the website" : "Off the website"),
  venue_name: (kept) => `Venue ${kept.venue_name}`,
  venue_street: (kept) => `Street ${kept.venue_street}`,
  venue_town: (kept) => `Town ${kept.venue_town}`,
  venue_county: (kept) => `County ${kept.venue_county}`,
  venue_postal_code: (kept) => `Postal code ${kept.venue_postal_code}`,
  venue_country: (kept) => `Country ${countryInAddress(kept.venue_country)}`,
  starts_at: (kept, now) => `Doors ${keptDoors(kept, now)}`,
  time_zone: (kept) => `Time zone ${kept.time_zone}`,
  ticket_url: (kept) => `Ticket link ${cut(kept.ticket_url)}`,
  ticket_kind: (kept) => (kept.ticket_kind === "venue" ? "Link to the venue's own site" : "Link to a ticket shop"),
  price: (kept) =>
    kept.price === null || !kept.currency ? "No price" : `Price ${priceText(Number(kept.price), kept.currency)}`,
  currency: (kept, now) => COLUMN_WORDS.price(kept, now),
  availability: (kept) =>
    kept.availability
      ? `Availability ${(AVAILABILITY_WORDS as Record<string, string | undefined>)[kept.availability] ?? kept.availability}`
      : "Availability not said",
  on_sale_at: (kept) =>
    kept.on_sale_at ? `On sale from ${doorsText(kept.on_sale_at, kept.time_zone)}` : "No on-sale time",
  // A rescheduled show's announced start is said in its status: "Status Rescheduled (was Jul 9, 2027, …)".
  status: (kept) => `Status ${statusText(kept)}`,
  previous_starts_at: (kept) => `Status ${statusText(kept)}`,
  notes: (kept) => (kept.notes ? `Notes “${cut(kept.notes)}”` : "No notes"),
};

const RESTORED_COLUMNS = Object.keys(COLUMN_WORDS) as RestoredColumn[];
const INSTANTS: readonly RestoredColumn[] = ["starts_at", "on_sale_at", "previous_starts_at"];

/** A column's value as it compares: a price as a number (the database may answer it as text), a time as its instant. */
function comparable(column: RestoredColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column === "price") return Number(value);
  return INSTANTS.includes(column) ? Date.parse(String(value)) : value;
}

/**
 * What a kept version says unlike the show now, in words, one entry per difference (none: restoring it would
 * change nothing).
 */
export function differencesFrom(kept: Show, show: Show): string[] {
  return [...new Set(changedColumns(kept, show).map((column) => COLUMN_WORDS[column](kept, show)))];
}

/** The columns a restore writes that two versions of a show hold differently. */
const changedColumns = (before: Show, after: Show) =>
  RESTORED_COLUMNS.filter((column) => comparable(column, before[column]) !== comparable(column, after[column]));

const availabilityText = (availability: string) =>
  (AVAILABILITY_WORDS as Record<string, string | undefined>)[availability] ?? availability;

/**
 * How a show came to stand otherwise, as its panel's buttons put it: cancelled (and undone by a restore, with
 * what it came back as: "cancellation undone, postponed"), postponed, marked sold out, back on sale. A status
 * changed in another way (a restore, the details form) is said as the status it came to, unless the doors moved
 * with it: the move says it (rescheduled, or back).
 */
function standingWords(before: Show, after: Show): string[] {
  const words: string[] = [];
  const cancelled = (show: Show) => show.status === "cancelled";
  const postponed = (show: Show) => show.status === "postponed";
  if (cancelled(after) !== cancelled(before)) {
    words.push(cancelled(after) ? "cancelled" : "cancellation undone");
    // A cancelled version's own line says only "Cancelled": what the show came back as is said here or nowhere.
    if (postponed(after)) words.push("postponed");
    if (cancelled(before) && isSoldOut(after)) words.push("sold out");
  } else if (postponed(after) !== postponed(before) && !cancelled(after)) {
    words.push(postponed(after) ? "postponed" : "no longer postponed");
  }
  // Sold out is told of a show still going ahead: a cancelled show's tickets are neither on sale nor sold out.
  if (!cancelled(after) && !cancelled(before) && isSoldOut(after) !== isSoldOut(before)) {
    words.push(isSoldOut(after) ? "marked sold out" : "back on sale");
  }
  if (words.length === 0 && !doorsMoved(before, after) && statusText(before) !== statusText(after)) {
    words.push(`status changed to ${statusText(after)}`);
  }
  return words;
}

const doorsMoved = (before: Show, after: Show) => Date.parse(before.starts_at) !== Date.parse(after.starts_at);

/**
 * Whether new doors put a mistyped time right rather than moved the show: what fans were told of the show stayed as
 * it was (its status and the start it was announced with), where a move would have told them (correctedTo).
 */
function corrected(before: Show, after: Show): boolean {
  const told = (show: Pick<Show, "status" | "previous_starts_at">) =>
    `${show.status} ${show.previous_starts_at === null ? "" : Date.parse(show.previous_starts_at)}`;
  return told(after) === told(before) && told(rescheduledTo(before, after.starts_at)) !== told(before);
}

/**
 * How the doors moved: "doors moved from 19:30 to 20:00" within a day, "rescheduled to Jul 12, 2027, 20:00" to
 * another (the version's row already says the doors it had); "doors corrected from 19:30 to 20:00" when a mistyped
 * time was put right, which fans are not told of. Each time is read on its own version's clock, with the zone
 * named when the two differ ("from 20:00 (Europe/Dublin) to 20:00 (Europe/Paris)": a zone put right with the doors
 * kept moves the instant, not the time typed), and with the offset when one clock reads the same time twice (the
 * night the clocks go back: "from 01:30 (UTC+1) to 01:30 (UTC+0)").
 */
function doorsWords(before: Show, after: Show): string {
  // Every move the team makes, by the Reschedule form or by new doors in the details form (rescheduledTo), keeps
  // the start the show was announced with in previous_starts_at, and clears it when the show goes back to that
  // start; new doors said to put a mistake right (correctedTo) keep what fans were told. Doors moved otherwise
  // with no announced start after (a restore that changed the status too) are said as a plain move.
  const announced = before.previous_starts_at;
  const back = announced !== null && !after.previous_starts_at && Date.parse(announced) === Date.parse(after.starts_at);
  const verb = corrected(before, after)
    ? "doors corrected"
    : after.previous_starts_at
      ? "rescheduled"
      : back
        ? "moved back"
        : "doors moved";
  const asAnnounced = back ? ", as first announced" : "";
  try {
    if (!sameDay(before, after)) return `${verb} to ${doorsBeside(after, before)}${asAnnounced}`;
    return `${verb} from ${doorsBeside(before, after)} to ${doorsBeside(after, before)}${asAnnounced}`;
  } catch {
    // A zone the database knows and this browser does not: the doors as the rest of the panel says them.
    return `${verb} to ${doorsText(after.starts_at, after.time_zone)}${asAnnounced}`;
  }
}

/** Another address: of the same venue, or said with it when the venue changed too ("venue changed"). */
const addressWords = (before: Show, after: Show) => (before.venue_name === after.venue_name ? ["address changed"] : []);

/**
 * What a change of each column did, in the panel's words, given the version before and the one after it. Typed
 * from the table's columns as COLUMN_WORDS is, so no column a change can write goes unsaid. The status, the
 * availability and the start a rescheduled show was announced with are said together (standingWords).
 */
const CHANGE_WORDS: { [column in RestoredColumn]: (before: Show, after: Show) => string[] } = {
  published: (_, after) => [after.published ? "put back on the website" : "taken off the website"],
  status: standingWords,
  availability: (before, after) => [
    ...standingWords(before, after),
    // Sold out or no longer so is said as the status buttons say it; any other availability as the form does.
    ...(before.availability === "sold-out" || after.availability === "sold-out"
      ? []
      : [
          after.availability
            ? `availability changed to ${availabilityText(after.availability)}`
            : "availability removed",
        ]),
  ],
  previous_starts_at: standingWords,
  starts_at: (before, after) => [doorsWords(before, after)],
  ticket_url: () => ["ticket link changed"],
  ticket_kind: () => ["ticket link changed"],
  price: (_, after) => [
    after.price === null || !after.currency
      ? "price removed"
      : `price changed to ${priceText(Number(after.price), after.currency)}`,
  ],
  currency: (before, after) => CHANGE_WORDS.price(before, after),
  on_sale_at: (_, after) => [after.on_sale_at ? "on-sale time changed" : "on-sale time removed"],
  venue_name: () => ["venue changed"],
  venue_street: addressWords,
  venue_town: addressWords,
  venue_county: addressWords,
  venue_postal_code: addressWords,
  venue_country: addressWords,
  // Doors moved with it name the new zone themselves (doorsWords).
  time_zone: (before, after) => (doorsMoved(before, after) ? [] : [`time zone changed to ${after.time_zone}`]),
  notes: () => ["notes changed"],
};

const CHANGE_ORDER = Object.keys(CHANGE_WORDS) as RestoredColumn[];

/**
 * What changed from one version of a show to the next, in a few words each ("cancelled", "doors moved from
 * 19:30 to 20:00"), worked out from the two versions themselves: the database keeps no word of why a version
 * was made, and a word sent by the page that made it would be only as true as that page.
 */
export function changesBetween(before: Show, after: Show): string[] {
  const changed = changedColumns(before, after);
  const words = CHANGE_ORDER.filter((column) => changed.includes(column)).flatMap((column) =>
    CHANGE_WORDS[column](before, after),
  );
  // Columns that differ and say nothing together (a rescheduled show's announced start alone): still a change.
  return words.length > 0 || changed.length === 0 ? [...new Set(words)] : ["details changed"];
}

/** Version numbers as a list says them: "version 2", "versions 1 and 3", "versions 1, 3 and 5". */
function versionsText(numbers: number[]): string {
  if (numbers.length === 1) return `version ${numbers[0]}`;
  return `versions ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/**
 * What the change that replaced each kept version did, by version: its differences from the version after it
 * (the next kept one, or the show now), and every earlier version the change made the show again ("(as in
 * versions 1 and 3)": a restore, or a change undone by hand). All of them, as the versions cannot tell which
 * one a restore was pressed on. A version whose next is not among those read (the show moved on since its
 * history was read) says nothing until the history is read again.
 */
export function changesAfter(versions: readonly ShowVersion[], show: Show): Map<number, string> {
  const byNumber = new Map(versions.map((kept) => [kept.version, kept.show]));
  byNumber.set(show.version, show);
  const said = new Map<number, string>();
  for (const { version, show: kept } of versions) {
    const next = byNumber.get(version + 1);
    const words = next ? changesBetween(kept, next) : [];
    if (words.length === 0 || !next) continue;
    const same = [...byNumber]
      .filter(([earlier, other]) => earlier < version && changedColumns(other, next).length === 0)
      .map(([earlier]) => earlier)
      .sort((first, second) => first - second);
    said.set(version, words.join(", ") + (same.length === 0 ? "" : ` (as in ${versionsText(same)})`));
  }
  return said;
}
