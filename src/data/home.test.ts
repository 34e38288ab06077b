import { describe, expect, it } from "vitest";
import { home } from "./home";

describe("the home page's words", () => {
  it("announce the single", () => {
    expect(home.tagline).toBe('Debut Single "Mother" out now');
  });

  it("lead with Learn More to the biography, telling screen readers where it goes", () => {
    expect(home.cta).toEqual({ label: "Learn More", context: "about the artist", href: "/bio" });
  });

  it("offer the single on /listen as the second way in", () => {
    expect(home.listen).toEqual({ label: "Listen to “Mother”", href: "/listen" });
  });
});
