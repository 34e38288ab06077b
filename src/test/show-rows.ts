// A published show as the anon key reads it (src/lib/published-shows.mjs's public columns), for the tests of
// what reads shows from a project: the build's loader and the scheduled rebuild.
import type { ShowRow } from "../lib/published-shows.mjs";

/** A scheduled show of the Salthill Room in Galway at 20:00 Irish time on 23 April 2025, with `overrides`. */
export function showRow(overrides: Partial<ShowRow> = {}): ShowRow {
  return {
    id: "galway-2025-04-23",
    venue_name: "The Salthill Room",
    venue_street: "14 Seapoint Promenade",
    venue_town: "Galway",
    venue_county: "Co. Galway",
    venue_postal_code: "H91 X2Y3",
    venue_country: "IE",
    starts_at: "2025-04-23T19:00:00+00:00",
    time_zone: "Europe/Dublin",
    ticket_url: "https://tickets.example/orla-quinlan/galway-2025-04-23",
    ticket_kind: "ticket",
    price: null,
    currency: null,
    availability: null,
    on_sale_at: null,
    status: "scheduled",
    previous_starts_at: null,
    ...overrides,
  };
}
