import { describe, expect, it } from "vitest";
import { musicEvent, musicGroup } from "./structured-data";

const artist = {
  name: "Orla Quinlan",
  url: "https://example.test",
  genre: ["Folk"],
  image: "https://example.test/a.jpg",
  sameAs: [],
};
const event = {
  id: "galway",
  startDate: "2025-04-23T20:00:00+01:00",
  venue: "The Salthill Room, Galway",
  address: { street: "1 Road", locality: "Galway", region: "County Galway", postalCode: "H91", country: "IE" },
  link: { href: "https://tickets.example/x", kind: "tickets" as const },
  status: "EventScheduled",
};

describe("structured data", () => {
  it("describes the artist as a MusicGroup", () => {
    expect(musicGroup(artist)).toMatchObject({ "@type": "MusicGroup", name: "Orla Quinlan", genre: ["Folk"] });
  });

  it("describes a tour date as a MusicEvent at a Place with a PostalAddress", () => {
    const data = musicEvent(event, artist, "https://example.test/tour");
    expect(data).toMatchObject({
      "@type": "MusicEvent",
      startDate: "2025-04-23T20:00:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "The Salthill Room",
        address: { "@type": "PostalAddress", addressLocality: "Galway" },
      },
      performer: { name: "Orla Quinlan" },
      offers: { url: "https://tickets.example/x" },
    });
  });

  it("offers no tickets for a date whose link is the venue's website", () => {
    const data = musicEvent(
      { ...event, link: { href: "https://venue.example", kind: "venue" } },
      artist,
      "https://e.test",
    );
    expect(data).not.toHaveProperty("offers");
  });
});
