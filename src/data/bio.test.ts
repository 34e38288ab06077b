import { describe, expect, it } from "vitest";
import { bio } from "./bio";

describe("the biography", () => {
  it("is headed Biography", () => {
    expect(bio.heading).toBe("Biography");
  });

  it("tells the story in order: festival, sound, management, producers, the single, then the EP and tour", () => {
    const topics = [
      /Ones To Watch Festival in 2024.*2025/,
      /folk, indie and Irish music/,
      /management deal/,
      /August 2024/,
      /produced with [A-Z]\w+ [A-Z]\w+ and [A-Z]\w+ [A-Z]\w+/,
      // Released, and now out: the words follow the release dates (src/data/dated-words.ts).
      /"Mother", came out on March 7th 2025.*domestic violence/,
      /full EP came out in April 2025.*tour/,
    ];
    // Each topic is in a paragraph at or after the previous topic's paragraph.
    let index = 0;
    for (const topic of topics) {
      const found = bio.paragraphs.findIndex((text, i) => i >= index && topic.test(text));
      expect(found, `${topic} at or after paragraph ${index}`).toBeGreaterThanOrEqual(index);
      index = found;
    }
  });

  it("gives each topic a paragraph of its own, at least five", () => {
    expect(bio.paragraphs.length).toBeGreaterThanOrEqual(5);
    for (const paragraph of bio.paragraphs) expect(paragraph).not.toMatch(/\n/);
  });
});
