/**
 * The tour: the card on /tour and the schema.org MusicEvent of each date.
 * Change a venue, a date or a ticket link here and the page and its
 * structured data follow.
 */

/** What a date's link points at: a ticket shop, or the venue's own site when it sells the tickets itself. */
export type TourLinkKind = "ticket" | "venue";

/** schema.org EventStatusType values we use. */
export type TourDateStatus = "EventScheduled" | "EventPostponed" | "EventRescheduled" | "EventCancelled";

type PostalAddressParts = {
  street: string;
  locality: string;
  region: string;
  /** Eircode. */
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type TourDate = {
  /** Stable identifier: the list item's anchor and the event's URL fragment. */
  id: string;
  /** The date as the card shows it. */
  dateText: string;
  /** Doors, ISO 8601 with the Europe/Dublin offset of that day (+01:00 in summer time). */
  startDate: string;
  venue: { name: string; address: PostalAddressParts };
  link: { href: string; kind: TourLinkKind };
  status: TourDateStatus;
};

/** The visible label of each kind of link. */
export const tourLinkLabels: Record<TourLinkKind, string> = {
  ticket: "Tickets",
  venue: "Venue website",
};

// The years follow the biography: the tour launches the EP in April 2025.
const tourDates: readonly TourDate[] = [
  {
    id: "galway-2025-04-23",
    dateText: "April 23rd",
    startDate: "2025-04-23T20:00:00+01:00",
    venue: {
      name: "The Salthill Room",
      address: {
        street: "14 Seapoint Promenade",
        locality: "Galway",
        region: "County Galway",
        postalCode: "H91 X2P4",
        country: "IE",
      },
    },
    link: { href: "https://tickets.example/orla-quinlan/galway-2025-04-23", kind: "ticket" },
    status: "EventScheduled",
  },
  {
    id: "donegal-2025-04-26",
    dateText: "April 26th",
    startDate: "2025-04-26T20:00:00+01:00",
    venue: {
      name: "The Harbour Loft",
      address: {
        street: "3 Quay Street",
        locality: "Donegal Town",
        region: "County Donegal",
        postalCode: "F94 K7T2",
        country: "IE",
      },
    },
    link: { href: "https://harbourloft.example/whats-on", kind: "venue" },
    status: "EventScheduled",
  },
  {
    id: "dublin-2025-05-02",
    dateText: "May 2nd",
    startDate: "2025-05-02T20:00:00+01:00",
    venue: {
      name: "The Cornmarket Room",
      address: {
        street: "27 Thomas Street",
        locality: "Dublin",
        region: "County Dublin",
        postalCode: "D08 V6F3",
        country: "IE",
      },
    },
    link: { href: "https://tickets.example/orla-quinlan/dublin-2025-05-02", kind: "ticket" },
    status: "EventScheduled",
  },
];

export const tour = {
  heading: "Tour Dates",
  description: "Orla Quinlan live in Ireland: Galway on April 23rd, Donegal on April 26th and Dublin on May 2nd.",
  // Kept as the owner gave it, although the biography puts the tour in April 2025: both texts stay as given.
  cardTitle: "Ireland Tour - April 2024",
  timeZone: "Europe/Dublin",
  /** Screen-reader hint added to every link that opens a new tab. */
  newTabHint: "opens in a new tab",
  photoAlt: "Orla Quinlan with her guitar on a hillside at sunset",
  dates: tourDates,
  /** The "Add to calendar" files: one per date and one feed of the whole tour (src/data/tour-calendar.ts). */
  calendar: {
    /** Visible text of each date's link; the link's accessible name adds the date and venue. */
    addDateLabel: "Add to calendar",
    /** The whole-tour link under the list. */
    addAllLabel: "Add all dates to your calendar",
    /** Name of the calendar the feed creates in Apple Calendar, Google Calendar or Outlook. */
    feedName: "Orla Quinlan tour dates",
    /**
     * How long a date blocks in a fan's calendar, from doors. The dates carry no end time; doors at 20:00,
     * a support act and a headline set with encore end about three hours later, and an end that is too
     * late is kinder than a calendar showing the fan free while the show is still on.
     */
    durationMinutes: 180,
  },
} as const;
