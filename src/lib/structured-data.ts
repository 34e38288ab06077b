/**
 * schema.org JSON-LD builders (pure: values in, plain objects out).
 *
 * Pages use them through the data modules: the artist's MusicGroup is
 * `artistJsonLd` in src/data/artist.ts (pass it to BaseLayout's `jsonLd` prop,
 * as / and /epk do); the tour's MusicEvents come from `musicEvent()` below.
 */

export type ArtistFacts = {
  name: string;
  /** Absolute URL of the artist's site. */
  url: string;
  genre: readonly string[];
  /** Absolute URL of a photo of the artist. */
  image: string;
  /** Absolute URLs of the artist's profiles elsewhere. */
  sameAs: readonly string[];
};

export type EventFacts = {
  id: string;
  startDate: string;
  venue: {
    name: string;
    address: { street: string; locality: string; region: string; postalCode: string; country: string };
  };
  link: { href: string; kind: "ticket" | "venue" };
  status: string;
  /** The start it had before it was rescheduled. */
  previousStartDate?: string;
  /** Whether its tickets are sold out, whatever else is known of them. */
  soldOut?: boolean;
  /** What is known of the tickets: price and currency, how many are left (a schema.org ItemAvailability), on sale from. */
  tickets?: { price: number; currency: string; availability?: string; validFrom?: string };
};

const SCHEMA = "https://schema.org";

export function musicGroup(artist: ArtistFacts) {
  return {
    "@context": SCHEMA,
    "@type": "MusicGroup",
    name: artist.name,
    url: artist.url,
    genre: [...artist.genre],
    image: artist.image,
    ...(artist.sameAs.length > 0 ? { sameAs: [...artist.sameAs] } : {}),
  };
}

/**
 * One tour date as a MusicEvent, with what event search results read: where (a Place with its
 * PostalAddress), whether it goes ahead, who performs and organises it, and the tickets. A ticket link
 * becomes the event's Offer, with the price, currency, availability and on-sale date where the content
 * gives them (sold out whenever the show is); a venue link (the venue sells its own tickets) becomes the
 * Place's URL, and an Offer only when the content gives the tickets' facts or the show is sold out. A cancelled
 * show has no Offer at all.
 */
export function musicEvent(
  event: EventFacts,
  performer: Pick<ArtistFacts, "name" | "url">,
  options: { pageUrl: string; image?: string },
) {
  const { venue, link, tickets } = event;
  const artist = { "@type": "MusicGroup", name: performer.name, url: performer.url };
  const offer = {
    "@type": "Offer",
    url: link.href,
    ...(tickets && { price: tickets.price.toFixed(2), priceCurrency: tickets.currency }),
    ...((event.soldOut || tickets?.availability) && {
      availability: `${SCHEMA}/${event.soldOut ? "SoldOut" : tickets!.availability}`,
    }),
    ...(tickets?.validFrom && { validFrom: tickets.validFrom }),
  };
  return {
    "@context": SCHEMA,
    "@type": "MusicEvent",
    name: `${performer.name} at ${venue.name}, ${venue.address.locality}`,
    startDate: event.startDate,
    eventStatus: `${SCHEMA}/${event.status}`,
    ...(event.status === "EventRescheduled" && event.previousStartDate
      ? { previousStartDate: event.previousStartDate }
      : {}),
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    url: `${options.pageUrl}#${event.id}`,
    ...(options.image ? { image: [options.image] } : {}),
    location: {
      "@type": "Place",
      name: venue.name,
      ...(link.kind === "venue" ? { url: link.href } : {}),
      address: {
        "@type": "PostalAddress",
        streetAddress: venue.address.street,
        addressLocality: venue.address.locality,
        addressRegion: venue.address.region,
        postalCode: venue.address.postalCode,
        addressCountry: venue.address.country,
      },
    },
    performer: artist,
    // Her own headline tour: she is its organiser too.
    organizer: artist,
    // A cancelled show offers no tickets, as /tour says it: no price, no availability, no sale date.
    ...(event.status !== "EventCancelled" && (link.kind === "ticket" || tickets || event.soldOut)
      ? { offers: offer }
      : {}),
  };
}

/**
 * Serialises JSON-LD for a <script type="application/ld+json"> element:
 * `<` is escaped so no text in the data can close the element early.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
