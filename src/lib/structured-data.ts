/** schema.org JSON-LD for the artist and her tour dates (pure: values in, objects out). */

export type ArtistFacts = {
  name: string;
  url: string;
  genre: readonly string[];
  image: string;
  sameAs: readonly string[];
};

export type EventFacts = {
  id: string;
  startDate: string;
  venue: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  link: { href: string; kind: "tickets" | "venue" };
  status: string;
};

export function musicGroup(artist: ArtistFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "MusicGroup",
    name: artist.name,
    url: artist.url,
    genre: [...artist.genre],
    image: artist.image,
    sameAs: [...artist.sameAs],
  };
}

export function musicEvent(event: EventFacts, artist: Pick<ArtistFacts, "name" | "url">, pageUrl: string) {
  const [venueName] = event.venue.split(",");
  return {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    name: `${artist.name} live at ${venueName}`,
    startDate: event.startDate,
    eventStatus: `https://schema.org/${event.status}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: `${pageUrl}#${event.id}`,
    location: {
      "@type": "Place",
      name: venueName,
      address: {
        "@type": "PostalAddress",
        streetAddress: event.address.street,
        addressLocality: event.address.locality,
        addressRegion: event.address.region,
        postalCode: event.address.postalCode,
        addressCountry: event.address.country,
      },
    },
    performer: { "@type": "MusicGroup", name: artist.name, url: artist.url },
    ...(event.link.kind === "tickets"
      ? { offers: { "@type": "Offer", url: event.link.href, availability: "https://schema.org/InStock" } }
      : {}),
  };
}
