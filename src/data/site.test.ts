import { describe, expect, it } from "vitest";
import { navLinks, site } from "./site";

describe("site facts", () => {
  it("name the artist", () => {
    expect(site.artistName).toBe("Orla Quinlan");
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
    expect(site.genres).toEqual(expect.arrayContaining(["Folk", "Indie"]));
  });

  it("share a 1200 × 630 JPEG with a description by default, on an https site", () => {
    expect(site.shareImage).toMatchObject({ width: 1200, height: 630 });
    expect(site.shareImage.path).toMatch(/^\/[\w-]+\.jpg$/);
    expect(site.shareImage.alt).toMatch(/\w{3}/);
    expect(new URL(site.url).protocol).toBe("https:");
  });
});
