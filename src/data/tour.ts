/** The tour card on /tour and the events it announces (JSON-LD MusicEvent). */
export type TourDate = {
  /** Stable identifier, used for calendar file UIDs and anchors. */
  id: string;
  /** Date as shown on the card. */
  dateText: string;
  /** Doors time in the venue's time zone, ISO 8601 with offset. */
  startDate: string;
  venue: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: "IE" };
  link: { href: string; kind: "tickets" | "venue"; label: string };
  status: "EventScheduled" | "EventCancelled" | "EventPostponed" | "EventRescheduled";
};

export const tour = {
  heading: "Tour Dates",
  description: "Orla Quinlan's Ireland tour: Galway, Donegal and Dublin. Dates, venues and tickets.",
  // The card keeps the year as the owner gave it (spec section 2).
  cardTitle: "Ireland Tour - April 2024",
  timeZone: "Europe/Dublin",
  photoAlt: "Orla Quinlan with her guitar on a hillside at sunset",
  dates: [
    {
      id: "2025-04-23-galway",
      dateText: "April 23rd",
      startDate: "2025-04-23T20:00:00+01:00",
      venue: "The Salthill Room, Galway",
      address: {
        street: "14 Seapoint Promenade",
        locality: "Galway",
        region: "County Galway",
        postalCode: "H91 X2P4",
        country: "IE",
      },
      link: { href: "https://tickets.example/orla-quinlan/galway", kind: "tickets", label: "Tickets" },
      status: "EventScheduled",
    },
    {
      id: "2025-04-26-donegal",
      dateText: "April 26th",
      startDate: "2025-04-26T20:00:00+01:00",
      venue: "The Harbour Loft, Donegal",
      address: {
        street: "3 Quay Street",
        locality: "Donegal Town",
        region: "County Donegal",
        postalCode: "F94 K7T2",
        country: "IE",
      },
      link: { href: "https://harbourloft.example", kind: "venue", label: "Venue website" },
      status: "EventScheduled",
    },
    {
      id: "2025-05-02-dublin",
      dateText: "May 2nd",
      startDate: "2025-05-02T20:00:00+01:00",
      venue: "The Liberty Hall Stage, Dublin",
      address: {
        street: "27 Thomas Street",
        locality: "Dublin",
        region: "County Dublin",
        postalCode: "D08 V6F3",
        country: "IE",
      },
      link: { href: "https://tickets.example/orla-quinlan/dublin", kind: "tickets", label: "Tickets" },
      status: "EventScheduled",
    },
  ] satisfies TourDate[],
} as const;
