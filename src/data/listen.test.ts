import { describe, expect, it } from "vitest";
import { listen } from "./listen";

describe("/listen's words", () => {
  it("name the single and label each service's button Listen on …", () => {
    expect(listen.single).toBe("Mother");
    expect(listen.title).toBe("Listen to “Mother”");
    expect(listen.listenOn("Spotify")).toBe("Listen on Spotify");
  });

  it("describe the cover for people who cannot see it", () => {
    expect(listen.cover.alt).toMatch(/^Cover of “Mother”: \w/);
  });

  it("share the single's own 1200 × 630 card", () => {
    expect(listen.shareImage).toMatchObject({ path: "/og-listen.jpg", width: 1200, height: 630 });
    expect(listen.shareImage.alt).toMatch(/\w{3}/);
  });
});
