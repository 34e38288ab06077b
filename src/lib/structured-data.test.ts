import { describe, expect, it } from "vitest";
import { jsonLdScript, musicEvent, musicGroup, type EventFacts } from "./structured-data";

const artist = {
  name: "Orla Quinlan",
  url: "https://example.test",
  genre: ["Folk"],
  image: "https://example.test/a.jpg",
  sameAs: ["https://music.example/orla"],
};
const event: EventFacts = {
  id: "galway",
  startDate: "2025-04-23T20:00:00+01:00",
  venue: {
    name: "The Salthill Room",
    address: { street: "1 Road", locality: "Galway", region: "County Galway", postalCode: "H91", country: "IE" },
  },
  link: { href: "https://tickets.example/x", kind: "ticket" },
  status: "EventScheduled",
};
const options = { pageUrl: "https://example.test/tour" };

describe("structured data", () => {
  it("describes the artist as a MusicGroup with her profiles", () => {
    expect(musicGroup(artist)).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicGroup",
      name: "Orla Quinlan",
      url: "https://example.test",
      genre: ["Folk"],
      image: "https://example.test/a.jpg",
      sameAs: ["https://music.example/orla"],
    });
  });

  it("leaves sameAs out when the artist has no other profiles", () => {
    expect(musicGroup({ ...artist, sameAs: [] })).not.toHaveProperty("sameAs");
  });

  it("describes a tour date as a MusicEvent at a Place with a PostalAddress", () => {
    expect(musicEvent(event, artist, options)).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "Orla Quinlan at The Salthill Room, Galway",
      startDate: "2025-04-23T20:00:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      url: "https://example.test/tour#galway",
      location: {
        "@type": "Place",
        name: "The Salthill Room",
        address: {
          "@type": "PostalAddress",
          streetAddress: "1 Road",
          addressLocality: "Galway",
          addressRegion: "County Galway",
          postalCode: "H91",
          addressCountry: "IE",
        },
      },
      performer: { "@type": "MusicGroup", name: "Orla Quinlan", url: "https://example.test" },
      organizer: { "@type": "MusicGroup", name: "Orla Quinlan", url: "https://example.test" },
      offers: { "@type": "Offer", url: "https://tickets.example/x" },
    });
  });

  it("gives the offer its price, currency, availability and on-sale date where the content has them", () => {
    const tickets = {
      price: 18,
      currency: "EUR",
      availability: "LimitedAvailability",
      validFrom: "2027-01-15T10:00:00Z",
    };
    expect(musicEvent({ ...event, tickets }, artist, options).offers).toEqual({
      "@type": "Offer",
      url: "https://tickets.example/x",
      price: "18.00",
      priceCurrency: "EUR",
      availability: "https://schema.org/LimitedAvailability",
      validFrom: "2027-01-15T10:00:00Z",
    });
    // Only what is known: a price without an on-sale date says nothing of one.
    expect(musicEvent({ ...event, tickets: { price: 9.5, currency: "GBP" } }, artist, options).offers).toEqual({
      "@type": "Offer",
      url: "https://tickets.example/x",
      price: "9.50",
      priceCurrency: "GBP",
    });
  });

  it("says so when a date is cancelled, rather than leaving it out", () => {
    expect(musicEvent({ ...event, status: "EventCancelled" }, artist, options).eventStatus).toBe(
      "https://schema.org/EventCancelled",
    );
  });

  it("offers no tickets for a cancelled date: no price, availability or sale date, whatever the content still gives", () => {
    const tickets = {
      price: 20,
      currency: "EUR",
      availability: "LimitedAvailability",
      validFrom: "2027-01-10T10:00:00Z",
    };
    for (const link of [event.link, { href: "https://venue.example", kind: "venue" as const }]) {
      const going = musicEvent({ ...event, link, tickets, soldOut: true }, artist, options);
      expect(going.offers, link.kind).toMatchObject({ price: "20.00", availability: "https://schema.org/SoldOut" });
      const off = musicEvent({ ...event, link, tickets, soldOut: true, status: "EventCancelled" }, artist, options);
      expect(off, link.kind).not.toHaveProperty("offers");
    }
  });

  it("gives a rescheduled date the start it had before, and no other date one", () => {
    const previousStartDate = "2027-03-05T20:00:00+00:00";
    const moved = musicEvent({ ...event, status: "EventRescheduled", previousStartDate }, artist, options);
    expect(moved).toMatchObject({ eventStatus: "https://schema.org/EventRescheduled", previousStartDate });
    const postponed = musicEvent({ ...event, status: "EventPostponed", previousStartDate }, artist, options);
    expect(postponed).not.toHaveProperty("previousStartDate");
  });

  it("offers no tickets for a date whose link is the venue's website, and links the venue instead", () => {
    const data = musicEvent({ ...event, link: { href: "https://venue.example", kind: "venue" } }, artist, options);
    expect(data).not.toHaveProperty("offers");
    expect(data.location).toMatchObject({ url: "https://venue.example" });
  });

  it("offers the venue's tickets when the content gives their price", () => {
    const link = { href: "https://venue.example", kind: "venue" as const };
    const data = musicEvent({ ...event, link, tickets: { price: 15, currency: "EUR" } }, artist, options);
    expect(data.offers).toEqual({
      "@type": "Offer",
      url: "https://venue.example",
      price: "15.00",
      priceCurrency: "EUR",
    });
  });

  it("adds the event image when one is given", () => {
    expect(musicEvent(event, artist, { ...options, image: "https://example.test/i.jpg" }).image).toEqual([
      "https://example.test/i.jpg",
    ]);
  });

  it("cannot close its script element early, whatever the data says", () => {
    const text = jsonLdScript({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
