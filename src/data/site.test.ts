import { describe, expect, it } from "vitest";
import { content } from "./content";
import { navLinks, site } from "./site";
import { siteSettings } from "./site-settings";

describe("site facts", () => {
  it("name the artist, as src/content/site.yaml does, in the pages and in the browser's code alike", () => {
    expect(site.artistName).toBe("Orla Quinlan");
    expect(content.site.artistName).toBe(site.artistName);
  });

  it("put Home, Bio, Tour and Merch in the nav, in that order", () => {
    expect(navLinks).toEqual([
      { href: "/", label: "Home" },
      { href: "/bio", label: "Bio" },
      { href: "/tour", label: "Tour" },
      { href: "/merch", label: "Merch" },
    ]);
  });

  it("file the artist under folk and indie", () => {
    expect(siteSettings.genres).toEqual(expect.arrayContaining(["Folk", "Indie"]));
  });

  it("share a 1200 × 630 JPEG with a description by default, on an https site", () => {
    expect(site.shareImage).toMatchObject({ width: 1200, height: 630 });
    expect(site.shareImage.path).toMatch(/^\/[\w-]+\.jpg$/);
    expect(siteSettings.shareImageAlt).toMatch(/\w{3}/);
    expect(new URL(site.url).protocol).toBe("https:");
  });
});

describe("the site's default description", () => {
  it("reads true on the build's day: the single and the EP are out, not coming", () => {
    expect(siteSettings.description).toBe(
      'Orla Quinlan is an Irish folk and indie singer-songwriter. Her debut single "Mother" and her debut EP are out now.',
    );
  });
});
