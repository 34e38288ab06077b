import { describe, expect, it } from "vitest";
import { content } from "./content";
import { datedWords, momentsOf, paragraphsOf } from "./dated-words";

const moments = momentsOf(content.releases, content.shows);
const at = (iso: string) => new Date(iso);
const file = "src/content/bio.md";

describe("words that change on a date", () => {
  const single = 'The first single, "Mother", {mother: releases on | came out on} March 7th 2025.';

  it("say a release is coming before its release date, and out from that day", () => {
    expect(datedWords(single, moments, at("2025-03-06T23:59:59Z"), file)).toBe(
      'The first single, "Mother", releases on March 7th 2025.',
    );
    expect(datedWords(single, moments, at("2025-03-07T00:00:00Z"), file)).toBe(
      'The first single, "Mother", came out on March 7th 2025.',
    );
  });

  it("turn once a show is over, three hours after its doors", () => {
    const tour = "{dublin-2025-05-02: she tours | she toured} Ireland";
    expect(datedWords(tour, moments, at("2025-05-02T21:59:00Z"), file)).toBe("she tours Ireland");
    expect(datedWords(tour, moments, at("2025-05-02T22:00:00Z"), file)).toBe("she toured Ireland");
  });

  it("do not turn for a postponed show, however long ago its old day was: it has not happened", () => {
    const postponed = content.shows.map((show) =>
      show.id === "dublin-2025-05-02" ? { ...show, status: "postponed" } : show,
    );
    const tour = "{dublin-2025-05-02: she tours | she toured} Ireland";
    expect(datedWords(tour, momentsOf(content.releases, postponed), at("2030-01-01T00:00:00Z"), file)).toBe(
      "she tours Ireland",
    );
  });

  it("name the file when the braces name no release or date", () => {
    expect(() => datedWords("{mother-album: is coming | is out}", moments, at("2026-01-01T00:00:00Z"), file)).toThrow(
      "src/content/bio.md: {mother-album: …} names no release in src/content/releases.yaml and no show of the calendar (a show's id ends its address on /tour: /tour#galway-2025-04-23)",
    );
  });

  it("name the file and the place when braces are not written {id: before | after}", () => {
    expect(() => datedWords("The EP {mother-ep: is out}.", moments, at("2026-01-01T00:00:00Z"), file)).toThrow(
      'src/content/bio.md: braces should read {id: words before | words after}, near "The EP {mother-ep: is out}."',
    );
  });
});

describe("a Markdown body", () => {
  it("is its blocks as paragraphs of one line each", () => {
    expect(paragraphsOf("\nOne line\nwrapped here.\n\n  Two.\r\n\r\nThree.\n")).toEqual([
      "One line wrapped here.",
      "Two.",
      "Three.",
    ]);
  });
});
