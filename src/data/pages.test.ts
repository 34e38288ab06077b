import { describe, expect, it } from "vitest";
import { bio } from "./bio";
import { epk } from "./epk";
import { listen } from "./listen";
import { merch } from "./merch";
import { PUBLIC_PAGES, TOOL_PAGES } from "./pages.mjs";
import { site } from "./site";
import { siteSettings } from "./site-settings";
import { tour } from "./tour";

/** The description each public page gives search engines and sharing cards (the home page uses the site's). */
const descriptions: Record<(typeof PUBLIC_PAGES)[number], string> = {
  "/": siteSettings.description,
  "/bio": bio.description,
  // As built today, when no show is coming up; with shows, their towns and days.
  "/tour": tour.description(site.artistName, [], new Date()),
  "/listen": listen.description,
  "/epk": epk.description,
  "/merch": merch.description,
};

describe("the site's pages", () => {
  it("list the public pages and the team's tools once each", () => {
    expect([...PUBLIC_PAGES]).toEqual(["/", "/bio", "/tour", "/listen", "/epk", "/merch"]);
    expect([...TOOL_PAGES]).toEqual(["/roadmap", "/contacts", "/calendar", "/fans"]);
  });

  it.each(PUBLIC_PAGES.map((path) => [path, descriptions[path]]))(
    "%s describes itself in 51 to 160 characters, as search results show",
    (_, description) => {
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(160);
    },
  );

  it("describe /tour by the shows coming up, within 160 characters however many there are", () => {
    expect(tour.description(site.artistName, tour.dates, new Date("2025-04-01T12:00:00Z"))).toBe(
      "Orla Quinlan live: Galway on April 23rd, Donegal Town on April 26th, Dublin on May 2nd.",
    );
    // Built in another year than the shows', each says its year.
    expect(tour.description(site.artistName, tour.dates.slice(0, 1), new Date("2024-11-26T12:00:00Z"))).toBe(
      "Orla Quinlan live: Galway on April 23rd 2025.",
    );
    const many = Array.from({ length: 12 }, () => tour.dates).flat();
    expect(tour.description(site.artistName, many, new Date("2024-11-26T12:00:00Z")).length).toBeLessThanOrEqual(160);
  });

  it("describe /tour once no show is coming up as the card does: a postponed show's new date will follow", () => {
    const afterTheTour = new Date("2026-11-26T12:00:00Z");
    const postponing = (count: number) =>
      tour.dates.map((date, index) => (index < count ? { ...date, status: "EventPostponed" as const } : date));
    expect(tour.description(site.artistName, tour.dates, afterTheTour)).toBe(
      "Orla Quinlan live: no shows coming up right now. Sign up for news to hear about the next tour first.",
    );
    expect(tour.description(site.artistName, postponing(1), afterTheTour)).toBe(
      "Orla Quinlan live: no confirmed dates coming up right now; a postponed show's new date will follow. " +
        "Sign up for news to hear it first.",
    );
    expect(tour.description(site.artistName, postponing(2), afterTheTour)).toBe(
      "Orla Quinlan live: no confirmed dates coming up right now; the new dates of 2 postponed shows will follow. " +
        "Sign up for news to hear them first.",
    );
    // A postponed show is never the next one: with a show still to come, the description names that one only.
    expect(tour.description(site.artistName, postponing(1), new Date("2025-04-01T12:00:00Z"))).toBe(
      "Orla Quinlan live: Donegal Town on April 26th, Dublin on May 2nd.",
    );
    const many = Array.from({ length: 40 }, () => postponing(3)).flat();
    expect(tour.description(site.artistName, many, afterTheTour).length).toBeLessThanOrEqual(160);
  });

  it("give every public page a description of its own", () => {
    expect(new Set(Object.values(descriptions)).size).toBe(PUBLIC_PAGES.length);
  });
});
