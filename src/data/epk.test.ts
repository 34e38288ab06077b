import { describe, expect, it } from "vitest";
import { epk } from "./epk";
import { photos } from "./photos";

/** Words as a reader counts them: runs of text with at least one letter or digit ("March 7th 2025" is three). */
function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

describe("word count", () => {
  it("counts words, not spaces or punctuation", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("  Folk · Indie  ")).toBe(2);
    expect(wordCount('singer-songwriter "Mother", out\nnow.')).toBe(4);
  });
});

describe("short bio", () => {
  it("is 50 to 100 words, short enough to quote whole", () => {
    const words = wordCount(epk.shortBio.text);
    expect(words).toBeGreaterThanOrEqual(50);
    expect(words).toBeLessThanOrEqual(100);
  });

  it("tells the press they may quote it without asking", () => {
    expect(epk.shortBio.heading).toBe("Short bio");
    expect(epk.shortBio.quoteNote).toBe("Free to quote in full or in part, no permission needed.");
  });

  it("is one paragraph of plain text", () => {
    expect(epk.shortBio.text).not.toMatch(/[\n<>]/);
  });
});

describe("press kit biography", () => {
  it("keeps its four paragraphs", () => {
    expect(epk.bio).toHaveLength(4);
  });

  it("goes festival, songs and sketches, sound and tour, then management and producers", () => {
    const [festival, writing, sound, team] = epk.bio;
    expect(festival).toMatch(/Ones To Watch Festival/);
    expect(writing).toMatch(/songs/);
    expect(writing).toMatch(/comedy sketches/);
    expect(sound).toMatch(/folk, indie and Irish/);
    expect(sound).toMatch(/April.*tour.*Ireland|April.*Ireland.*EP/);
    expect(team).toMatch(/managed|management/);
    expect(team).toMatch(/produced with/);
  });
});

describe("the press kit's header and latest release", () => {
  it("gives the genre line and the Latest Release heading word for word", () => {
    expect(epk.genreLine).toBe("Folk · Indie · Irish singer-songwriter");
    expect(epk.latestRelease.heading).toBe("Latest Release");
  });

  it("embeds a 600 px player over https, with a title for screen readers", () => {
    expect(epk.latestRelease.playerHeight).toBe(600);
    expect(new URL(epk.latestRelease.playerUrl).protocol).toBe("https:");
    expect(epk.latestRelease.playerTitle).toMatch(/\w{3}/);
  });

  it("links the artist profile and the EP", () => {
    expect(epk.latestRelease.links.map((link) => link.label)).toEqual(["Artist profile", "The Mother EP"]);
  });
});

describe("press photos", () => {
  it("has the seven carousel photos", () => {
    expect(photos).toHaveLength(7);
  });

  it("credits a photographer, by name, for every photo", () => {
    for (const [index, photo] of photos.entries()) {
      expect(photo.credit, `photo ${index + 1}`).toMatch(/^\p{Lu}[\p{L}'’-]+( \p{Lu}[\p{L}'’-]+)+$/u);
    }
  });

  it("has a full-size source file to download for every photo", () => {
    for (const [index, photo] of photos.entries()) {
      expect(photo.src.src, `photo ${index + 1}`).toMatch(/\.(jpe?g|png|webp|avif)(\?|$)/i);
      expect(photo.src.width, `photo ${index + 1}`).toBeGreaterThanOrEqual(1600);
      expect(photo.src.height, `photo ${index + 1}`).toBeGreaterThan(0);
    }
  });

  it("describes every photo differently", () => {
    expect(new Set(photos.map((photo) => photo.alt)).size).toBe(photos.length);
  });
});
