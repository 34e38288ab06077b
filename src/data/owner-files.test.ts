// The check of the content files the build makes (src/data/owner-files.ts), on copies of the fixture content,
// never on her own src/content/ as it stands: her edits never turn a test red, and the build itself stops on
// a mistake in her files, naming it. The fixtures keep every rule; the edits she makes most (the bio and the
// description rewritten, a release added with its own cover, beside a show the team added a year ahead) keep
// them too; a mistake is named as the build names it. The tour's dates are the seed's published shows, as a
// new local backend holds them.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_CONTENT } from "../lib/content-dir.mjs";
import { tourDateEntryOf, type ShowRow } from "../lib/published-shows.mjs";
import { dateAYearAhead } from "../test/tour-dates";
import { ownerContentProblems } from "./owner-files";

const root = new URL("../../", import.meta.url);
const seededRows: ShowRow[] = JSON.parse(
  execFileSync(process.execPath, ["tools/seeded-shows.mjs"], { cwd: root, encoding: "utf8" }),
);
const shows = seededRows.map(tourDateEntryOf);
const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** A project folder whose src/content/ is the fixture content with `edits` (file → change) made. */
function contentWith(edits: Record<string, (text: string) => string>): URL {
  const copy = mkdtempSync(join(tmpdir(), "stagedoor-owner-files-"));
  copies.push(copy);
  cpSync(new URL(FIXTURE_CONTENT, root), join(copy, "src/content"), { recursive: true });
  for (const [name, edit] of Object.entries(edits)) {
    const path = join(copy, "src/content", name);
    writeFileSync(path, edit(readFileSync(path, "utf8")));
  }
  return pathToFileURL(`${copy}/`);
}

/** `entry` as a YAML list item indented by `indent`. */
function yamlItem(entry: object, indent: string): string {
  const lines = JSON.stringify(entry, null, 2).split("\n");
  // JSON is YAML: the item as a flow mapping, one line.
  return `${indent}- ${lines.join(" ").replace(/\s+/g, " ")}\n`;
}

/** site.yaml with its description (folded over several lines or not) replaced by `description`. */
const withDescription = (text: string, description: string) =>
  text.replace(/^description: .*\n(?: {2}.*\n)*/m, `description: ${JSON.stringify(description)}\n`);

describe("the content as the tests hold it", () => {
  it("holds no mistake the build would stop on, and keeps the rules any valid content keeps", () => {
    expect(ownerContentProblems(contentWith({}), { shows })).toEqual([]);
  });
});

describe("the rules, on the owner's usual edits", () => {
  it("hold when she rewrites the bio and the description and adds a release, with a show added a year ahead", () => {
    const ahead = dateAYearAhead(new Date());
    const project = contentWith({
      "bio.md": (text) => text.replace(/\n---\n[\s\S]*$/, "\n---\n\nA new bio, in one paragraph.\n"),
      "site.yaml": (text) => withDescription(text, "Songs from the west of Ireland."),
      "releases.yaml": (text) =>
        `${text}\n` +
        yamlItem(
          {
            id: "harbour",
            title: "Harbour",
            type: "single",
            releaseDate: "2027-02-05T00:00:00+00:00",
            cover: "tour.jpg",
            coverAlt: "Cover of “Harbour”",
            listen: { spotify: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" },
          },
          "",
        ),
    });
    expect(ownerContentProblems(project, { shows: [...shows, ahead] })).toEqual([]);
  });

  it("name a date without its link and a release whose cover is not there, with file and line", () => {
    const project = contentWith({
      // A tour file as owners wrote it before the dates moved to the calendar: its dates are still checked.
      "tour.yaml": () =>
        readFileSync(new URL("../test/tour-with-dates.yaml", import.meta.url), "utf8").replace(
          /^ {4}link: https:\/\/harbourloft\.example\/whats-on\n/m,
          "",
        ),
      "releases.yaml": (text) => text.replace("cover: mother-cover.jpg", "cover: mother-cover-final.jpg"),
    });
    const problems = ownerContentProblems(project, { shows }).join("\n");
    expect(problems).toMatch(/src\/content\/tour\.yaml, line \d+, date "donegal-2025-04-26", field link: missing/);
    expect(problems).toMatch(
      /src\/content\/releases\.yaml, line \d+, release "mother", field cover: names no file in src\/assets\//,
    );
  });

  it("name the image there when a cover differs from it only in capitals or .jpeg for .jpg", () => {
    const project = contentWith({
      "releases.yaml": (text) => text.replace("cover: mother-cover.jpg", "cover: Mother-Cover.JPEG"),
    });
    expect(ownerContentProblems(project, { shows }).join("\n")).toContain(
      'release "mother", field cover: names no file in src/assets/, though mother-cover.jpg is there: write its ' +
        "name exactly, capitals and ending alike",
    );
  });

  it("name words for a release or date that is not there", () => {
    const project = contentWith({
      "site.yaml": (text) => withDescription(text, "She {belfast-2030: tours | toured}."),
    });
    expect(ownerContentProblems(project, { shows })).toEqual([
      "src/content/site.yaml: {belfast-2030: …} names no release in src/content/releases.yaml and no show of the calendar (a show's id ends its address on /tour: /tour#galway-2025-04-23)",
    ]);
  });
});
