// @ts-check
/**
 * Published shows as the database holds them (public.shows, supabase/migrations/20250111000000): the
 * columns the anon key may read. Plain JavaScript, so scripts run by Node without a build read it too.
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
