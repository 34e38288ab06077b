/**
 * Tour dates for tests, as an owner writes them in src/content/tour.yaml (checked by its schema): a date
 * added a year after a given day, and the file's dates with one put in at any position.
 */
import { tourDateSchema, type TourDateEntry } from "../lib/content-schemas";

const DAY = 86_400_000;

/**
 * A show at 20:00 UTC (20:00 in Dublin's winter, 21:00 in its summer) 365 days after `now`, in Belfast,
 * with a ticket shop's link and, unless `tickets` is false, the tickets' facts.
 */
export function dateAYearAhead(now: Date, { tickets = true } = {}): TourDateEntry {
  const day = new Date(now.getTime() + 365 * DAY).toISOString().slice(0, 10);
  const onSale = new Date(now.getTime() + 30 * DAY);
  return tourDateSchema.parse({
    id: `belfast-${day}`,
    startDate: `${day}T20:00:00Z`,
    venue: {
      name: "The Linen Hall",
      street: "17 Donegall Square",
      town: "Belfast",
      county: "County Antrim",
      postalCode: "BT1 5GB",
      country: "GB",
    },
    link: `https://tickets.example/orla-quinlan/belfast-${day}`,
    kind: "ticket",
    ...(tickets && {
      tickets: {
        price: 22.5,
        currency: "GBP",
        availability: "on-sale",
        onSale: onSale.toISOString().slice(0, 19) + "Z",
      },
    }),
  });
}

/** `list` with `item` put in at `position` (0 = first, list.length = last). */
export function insertedAt<T>(list: readonly T[], item: T, position: number): T[] {
  return [...list.slice(0, position), item, ...list.slice(position)];
}
