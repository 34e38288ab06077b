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
