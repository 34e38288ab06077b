import { describe, expect, it } from "vitest";
import { epk } from "./epk";
import { artistJsonLd } from "./artist";
import { epPage, footer, profileUrls, signupHref, social, streaming, streamingService } from "./links";

describe("the artist's links", () => {
  it("name at least Spotify, Apple Music, Bandcamp and YouTube, each with a profile and the single", () => {
    expect(streaming.map((service) => service.name)).toEqual(
      expect.arrayContaining(["Spotify", "Apple Music", "Bandcamp", "YouTube"]),
    );
    for (const service of streaming) {
      expect(new URL(service.profile).protocol, service.name).toBe("https:");
      expect(new URL(service.single).protocol, service.name).toBe("https:");
      expect(service.single).not.toBe(service.profile);
    }
  });

  it("list social profiles over https, each once", () => {
    expect(social.length).toBeGreaterThanOrEqual(2);
    for (const profile of social) expect(new URL(profile.href).protocol, profile.name).toBe("https:");
    expect(new Set(profileUrls).size).toBe(profileUrls.length);
  });

  it("are the press kit's links, not a copy of them", () => {
    expect(epk.latestRelease.links.map((link) => link.href)).toEqual([streamingService("spotify").profile, epPage]);
  });

  it("give the structured data every profile", () => {
    expect(artistJsonLd.sameAs).toEqual([...profileUrls]);
  });

  it("send the footer's sign-up link to the form on /listen", () => {
    expect(signupHref).toBe("/listen#signup");
    expect(footer.signup.href).toBe(signupHref);
    expect(footer.onService("Orla Quinlan", "Spotify")).toBe("Orla Quinlan on Spotify");
  });

  it("refuse an unknown service at build time", () => {
    expect(() => streamingService("myspace" as never)).toThrow(/No streaming service "myspace"/);
  });
});
