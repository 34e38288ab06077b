import { describe, expect, it } from "vitest";
import { listen } from "./listen";

describe("/listen's words", () => {
  it("name the single and label each service's button Listen on …", () => {
    expect(listen.single).toBe("Mother");
    expect(listen.title).toBe("Listen to “Mother”");
    expect(listen.listenOn("Spotify")).toBe("Listen on Spotify");
  });

  it("tell search engines where the single plays", () => {
    expect(listen.description).toBe(
      "Play “Mother” by Orla Quinlan on Spotify, Apple Music, Bandcamp or YouTube; see her next show and sign up for news.",
    );
  });

  it("describe the cover for people who cannot see it", () => {
    expect(listen.cover.alt).toMatch(/^Cover of “Mother”: \w/);
  });

  it("share the single's own 1200 × 630 card", () => {
    expect(listen.shareImage).toMatchObject({ path: "/og-listen.jpg", width: 1200, height: 630 });
    expect(listen.shareImage.alt).toMatch(/\w{3}/);
  });
});
