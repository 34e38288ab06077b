// @ts-check
/**
 * The columns of a published show that anyone may read: what the build reads with the anon key and digests
 * (src/lib/published-shows.mjs), and what /calendar digests the same way to tell whether the live site shows
 * the shows as they are now, from the same canonical text. A module of its own, so the calendar loads this alone.
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

/**
 * The text the digest of published shows is made of: each show's public columns, in that order, the shows by
 * id. Ids are compared by their code units, never by a locale's rules: the build, the scheduled function and
 * every teammate's browser (whatever its language) must write the same text for the same shows.
 * @param {readonly Partial<Record<(typeof PUBLIC_SHOW_COLUMNS)[number], unknown>>[]} rows
 * @returns {string}
 */
export function canonicalShows(rows) {
  const canonical = rows
    .map((row) => PUBLIC_SHOW_COLUMNS.map((column) => row[column] ?? null))
    .sort((a, b) => {
      const [x, y] = [String(a[0]), String(b[0])];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  return JSON.stringify(canonical);
}
