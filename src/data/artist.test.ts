import { describe, expect, it } from "vitest";
import { artistJsonLd } from "./artist";

describe("the artist as structured data", () => {
  it("is a schema.org MusicGroup named Orla Quinlan, filed under folk and indie", () => {
    expect(artistJsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MusicGroup",
      name: "Orla Quinlan",
    });
    expect(artistJsonLd.genre).toEqual(expect.arrayContaining(["Folk", "Indie"]));
  });

  it("points at the site, a JPEG photo and every profile over https", () => {
    expect(String(artistJsonLd.image)).toMatch(/^https:\/\/.+\.jpg$/);
    for (const url of [artistJsonLd.url, ...(artistJsonLd.sameAs ?? [])]) expect(String(url)).toMatch(/^https:\/\//);
  });
});
