// @ts-check
/**
 * The columns of a published show that anyone may read: what the build reads with the anon key and digests
 * (src/lib/published-shows.mjs), and what /calendar digests the same way to tell whether the live site shows
 * the shows as they are now. A module of its own, so the calendar loads this list alone.
 */

/** The columns of a published show that anyone may read (the anon key's grant), in the table's order. */
export const PUBLIC_SHOW_COLUMNS = /** @type {const} */ ([
  "id",
  "venue_name",
  "venue_street",
  "venue_town",
  "venue_county",
  "venue_postal_code",
  "venue_country",
  "starts_at",
  "time_zone",
  "ticket_url",
  "ticket_kind",
  "price",
  "currency",
  "availability",
  "on_sale_at",
  "status",
  "previous_starts_at",
]);
