import { describe, expect, it } from "vitest";
import { featuredRelease } from "./content";
import { home, latestReleaseOf, taglineOf } from "./home";
import { kickerOf, listen } from "./listen";

describe("the home page's words", () => {
  it("announce the single", () => {
    expect(home.tagline).toBe('Debut Single "Mother" out now');
  });

  it("say when a release comes out until it is out, and that it is out from its day on", () => {
    const before = new Date("2025-03-06T12:00:00Z");
    const on = new Date("2025-03-07T00:00:00Z");
    expect(taglineOf(featuredRelease, before)).toBe('Debut Single "Mother" out March 7th');
    expect(taglineOf(featuredRelease, on)).toBe('Debut Single "Mother" out now');
    expect(kickerOf(featuredRelease, before)).toBe("Debut single, out March 7th");
    expect(kickerOf(featuredRelease, on)).toBe("Debut single, out now");
    expect(taglineOf({ ...featuredRelease, debut: false, type: "ep", title: "Harbour" }, on)).toBe(
      'New EP "Harbour" out now',
    );
  });

  it("give the year of a release day that is not in this year, as the tour's dates do", () => {
    const aYearBefore = new Date("2024-11-26T12:00:00Z");
    expect(taglineOf(featuredRelease, aYearBefore)).toBe('Debut Single "Mother" out March 7th 2025');
    expect(kickerOf(featuredRelease, aYearBefore)).toBe("Debut single, out March 7th 2025");
  });

  it("lead with Learn More to the biography, telling screen readers where it goes", () => {
    expect(home.cta).toEqual({ label: "Learn More", context: "about the artist", href: "/bio" });
  });

  it("offer the single on /listen as the second way in", () => {
    expect(home.listen).toEqual({ label: "Listen to “Mother”", href: "/listen" });
  });

  it("show the release again under the next show, with the cover /listen shows and the way there", () => {
    expect(home.release).toMatchObject({ title: "Mother", kicker: "Debut single, out now" });
    expect(home.release.cover).toEqual(listen.cover);
    expect(home.release.cover.alt).toBe("Cover of “Mother”: a figure in a warm, lit doorway at the end of a dark room");
    expect(home.release.listen).toEqual({ label: "Where to listen", href: "/listen" });
  });

  it("name the file and the release when a cover is not in src/assets/", () => {
    const misnamed = { ...featuredRelease, id: "harbour", cover: "harbour-cover.jpg" };
    expect(() => latestReleaseOf(misnamed, new Date())).toThrow(
      /releases\.yaml, release "harbour", field cover: there is no image src\/assets\/harbour-cover\.jpg$/,
    );
  });
});
