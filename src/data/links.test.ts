import { describe, expect, it } from "vitest";
import { artistJsonLd } from "./artist";
import { content, featuredRelease } from "./content";
import { epk } from "./epk";
import { footer, profileOf, profileUrls, signupHref, social, streaming } from "./links";

describe("the artist's links", () => {
  it("name at least Spotify, Apple Music, Bandcamp and YouTube, each with a profile and the single", () => {
    expect(streaming.map((service) => service.name)).toEqual(
      expect.arrayContaining(["Spotify", "Apple Music", "Bandcamp", "YouTube"]),
    );
    for (const service of streaming) {
      expect(new URL(service.profile).protocol, service.name).toBe("https:");
      expect(new URL(service.single!).protocol, service.name).toBe("https:");
      expect(service.single).not.toBe(service.profile);
    }
  });

  it("are the content's: profiles from links.yaml in its order, where the single plays from its release", () => {
    expect(streaming.map(({ id, profile }) => [id, profile])).toEqual(
      content.links.filter((link) => link.kind === "streaming").map((link) => [link.id, link.url]),
    );
    expect(social.map((profile) => profile.href)).toEqual(
      content.links.filter((link) => link.kind === "social").map((link) => link.url),
    );
    expect(featuredRelease.id).toBe("mother");
    expect(streaming.map((service) => service.single)).toEqual(Object.values(featuredRelease.listen));
  });

  it("list social profiles over https, each once", () => {
    expect(social.length).toBeGreaterThanOrEqual(2);
    for (const profile of social) expect(new URL(profile.href).protocol, profile.name).toBe("https:");
    expect(new Set(profileUrls).size).toBe(profileUrls.length);
  });

  it("are the press kit's links, not a copy of them: the profile epk.md names and its release's page", () => {
    const release = content.releases.find((entry) => entry.id === content.epk.release)!;
    expect(epk.latestRelease.links.map((link) => link.href)).toEqual([profileOf(content.epk.profile), release.page]);
  });

  it("give the structured data every profile", () => {
    expect(artistJsonLd.sameAs).toEqual([...profileUrls]);
  });

  it("send the footer's sign-up link to the form on /listen", () => {
    expect(signupHref).toBe("/listen#signup");
    expect(footer.signup.href).toBe(signupHref);
    expect(footer.onService("Orla Quinlan", "Spotify")).toBe("Orla Quinlan on Spotify");
  });

  it("refuse an unknown profile at build time", () => {
    expect(() => profileOf("myspace" as never)).toThrow('No profile "myspace" in src/content/links.yaml');
  });
});
