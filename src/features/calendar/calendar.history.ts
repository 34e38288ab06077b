/**
 * A published show's kept version beside the show as it is now: which of its columns restoring it would
 * change, and those differences in a few words for its row in the show's history ("Price €12.50").
 */
import { priceText } from "../../lib/price";
import { AVAILABILITY_WORDS } from "./calendar.publish";
import { doorsText, type Show } from "./calendar.shows";

/**
 * The columns the database owns: a version keeps them, but restore_show never writes them back
 * (private.show_values, supabase/migrations/20250112000000_published_shows.sql, leaves out the same five).
 */
type OwnedColumn = "id" | "event_id" | "version" | "created_at" | "updated_at";

/** What restore_show writes of a kept version: every other column of the table. */
type RestoredColumn = Exclude<keyof Show, OwnedColumn>;

/** How long a note is quoted in a row before it is cut short. */
const NOTE_LENGTH = 60;

/**
 * Each column restore writes, with the words a history row says of a version's value of it. Typed from the
 * table's columns, so a column added to the table cannot be left out of the comparison. The doors, the status
 * and the ticket link are named only: the row already says their values.
 */
const COLUMN_WORDS: { [column in RestoredColumn]: (kept: Show) => string } = {
  published: (kept) => (kept.published ? "On the website" : "Off the website"),
  venue_name: (kept) => `Venue ${kept.venue_name}`,
  venue_street: (kept) => `Street ${kept.venue_street}`,
  venue_town: (kept) => `Town ${kept.venue_town}`,
  venue_county: (kept) => `County ${kept.venue_county}`,
  venue_postal_code: (kept) => `Postal code ${kept.venue_postal_code}`,
  venue_country: (kept) => `Country ${kept.venue_country}`,
  starts_at: () => "Doors",
  time_zone: (kept) => `Time zone ${kept.time_zone}`,
  ticket_url: () => "Ticket link",
  ticket_kind: (kept) => (kept.ticket_kind === "venue" ? "Link to the venue's own site" : "Link to a ticket shop"),
  price: (kept) =>
    kept.price === null || !kept.currency ? "No price" : `Price ${priceText(Number(kept.price), kept.currency)}`,
  currency: (kept) => COLUMN_WORDS.price(kept),
  availability: (kept) =>
    kept.availability
      ? `Availability ${(AVAILABILITY_WORDS as Record<string, string | undefined>)[kept.availability] ?? kept.availability}`
      : "Availability not said",
  on_sale_at: (kept) =>
    kept.on_sale_at ? `On sale from ${doorsText(kept.on_sale_at, kept.time_zone)}` : "No on-sale time",
  status: () => "Status",
  previous_starts_at: () => "Status",
  notes: (kept) =>
    kept.notes
      ? `Notes “${kept.notes.length > NOTE_LENGTH ? `${kept.notes.slice(0, NOTE_LENGTH).trimEnd()}…` : kept.notes}”`
      : "No notes",
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
  const changed = RESTORED_COLUMNS.filter(
    (column) => comparable(column, kept[column]) !== comparable(column, show[column]),
  );
  return [...new Set(changed.map((column) => COLUMN_WORDS[column](kept)))];
}
