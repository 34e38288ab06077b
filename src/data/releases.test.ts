import { describe, expect, it } from "vitest";
import { content, featuredRelease } from "./content";
import { featuredReleaseOf, isOut, releaseNamed } from "./releases";

const [single, ep] = content.releases;

describe("her releases", () => {
  it("are out from their release date on, not before", () => {
    expect(isOut(single, new Date("2025-03-06T23:59:59Z"))).toBe(false);
    expect(isOut(single, new Date("2025-03-07T00:00:00Z"))).toBe(true);
    // The EP's date is in Irish summer time: midnight in Dublin is 23:00 UTC the day before.
    expect(isOut(ep, new Date("2025-04-24T23:00:00Z"))).toBe(true);
  });

  it("lead the home page and /listen with the newest that has places to play it", () => {
    expect(featuredRelease.id).toBe("mother");
    const newer = { ...single, id: "harbour", title: "Harbour", releaseDate: "2026-09-04T00:00:00+01:00" };
    expect(featuredReleaseOf([single, ep, newer]).id).toBe("harbour");
    expect(() => featuredReleaseOf([ep])).toThrow("src/content/releases.yaml: no release has listen links");
  });

  it("refuse a release named elsewhere that the file does not have, naming who names it", () => {
    expect(() => releaseNamed(content.releases, "mother-lp", "src/content/epk.md, field release")).toThrow(
      'src/content/epk.md, field release: there is no release "mother-lp" in src/content/releases.yaml',
    );
  });
});
