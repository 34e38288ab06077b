// The owner's mistakes in a content file, as the build meets them: each collection's own loader (from
// src/content.config.ts, the one the build runs) reads a copy of the real file with the mistake typed in,
// and the build stops with a message naming the file, the line, the entry and the field. The Node reader
// the browser tests and astro.config.mjs use says the same.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Loader, LoaderContext } from "astro/loaders";
import { afterEach, describe, expect, it } from "vitest";
import { collections } from "../content.config";
import { bioSchema, contentFiles, tourDateSchema } from "./content-schemas";
import { dateTimeProblem } from "./content-problems";
import { listEntries, readContentFile, readMarkdownFile } from "./owner-content";

// The files the loaders read: the fixtures (src/test/content/), as the tests set STAGEDOOR_CONTENT.
const [tourFile, bioFile] = [contentFiles.tourDates.path, contentFiles.bio.path];
// A tour file as owners wrote it before the dates moved to the calendar: the build still checks its dates.
const realTour = readFileSync(new URL("../test/tour-with-dates.yaml", import.meta.url), "utf8");
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder holding `files` (path → text), as the owner left them. */
function projectWith(files: Record<string, string>): URL {
  const root = mkdtempSync(join(tmpdir(), "stagedoor-owner-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return pathToFileURL(`${root}/`);
}

/**
 * Loads the tour's dates with the build's loader from a project whose tour file holds `text` (none when
 * undefined): the entries it stores, or the error that stops the build.
 */
async function loadTourDates(text: string | undefined): Promise<{ stored: string[]; error?: Error }> {
  const stored = new Map<string, unknown>();
  const context = {
    collection: "tourDates",
    config: { root: projectWith(text === undefined ? {} : { [tourFile]: text }) },
    logger: { info() {}, warn() {}, debug() {}, error() {} },
    store: {
      clear: () => stored.clear(),
      set: ({ id, data }: { id: string; data: unknown }) => stored.set(id, data) && true,
      keys: () => [...stored.keys()],
    },
    parseData: async ({ data }: { data: unknown }) => tourDateSchema.parse(data),
  } as unknown as LoaderContext;
  try {
    await (collections.tourDates as { loader: Loader }).loader.load(context);
    return { stored: [...stored.keys()] };
  } catch (error) {
    return { stored: [...stored.keys()], error: error as Error };
  }
}

/** The real file with `from` changed to `to` once, after the line holding `after`. */
function edited(after: string, from: string | RegExp, to: string, text = realTour): string {
  const start = text.indexOf(after);
  expect(start, after).toBeGreaterThanOrEqual(0);
  return text.slice(0, start) + text.slice(start).replace(from, to);
}

/** The 1-based line of the first line matching `pattern` after the line holding `after`. */
function lineOf(text: string, after: string, pattern: RegExp): number {
  const lines = text.split("\n");
  const from = lines.findIndex((line) => line.includes(after));
  return lines.findIndex((line, index) => index >= from && pattern.test(line)) + 1;
}

const kindTypo = edited("id: galway-2025-04-23", "kind: ticket", "kind: tickets");
const dateTypo = edited("id: dublin-2025-05-02", /startDate: .*/, 'startDate: "12/03/2027 20:00"');
const noVenue = edited("id: donegal-2025-04-26", / {4}venue:\n( {6}.*\n)+/, "");

const messages = {
  kind: `${tourFile}, line ${lineOf(kindTypo, "galway-2025-04-23", /kind: tickets/)}, date "galway-2025-04-23", field kind: "tickets" is not one of: ticket, venue`,
  date:
    `${tourFile}, line ${lineOf(dateTypo, "dublin-2025-05-02", /startDate/)}, date "dublin-2025-05-02", ` +
    'field startDate: "12/03/2027 20:00" is not a date and time with its time zone: write year-month-day, T, the time ' +
    "and the offset, like 2027-03-12T20:00:00+00:00 (+01:00 in Irish summer time), or end it with Z for UTC",
  venue: `${tourFile}, line ${lineOf(noVenue, "donegal-2025-04-26", /id: donegal/)}, date "donegal-2025-04-26", field venue: missing`,
};

describe("the tour file, as the build loads it", () => {
  it("stores every date of the real file", async () => {
    expect(await loadTourDates(realTour)).toEqual({
      stored: ["galway-2025-04-23", "donegal-2025-04-26", "dublin-2025-05-02"],
    });
  });

  it.each([
    ['kind: "tickets"', kindTypo, messages.kind],
    ['startDate: "12/03/2027 20:00"', dateTypo, messages.date],
    ["a missing venue", noVenue, messages.venue],
  ])("stops at %s, naming the file, the line, the date and the field", async (_, text, message) => {
    const { error } = await loadTourDates(text);
    expect(error?.message).toBe(`The site's content has a mistake, so the site was not built:\n  ${message}`);
    expect(error?.name).toBe("AstroUserError");
  });

  it("lists every mistake in the file at once", async () => {
    const all = edited("id: dublin-2025-05-02", /startDate: .*/, 'startDate: "12/03/2027 20:00"', noVenue);
    const { error } = await loadTourDates(edited("id: galway-2025-04-23", "kind: ticket", "kind: tickets", all));
    expect(error?.message.split("\n")).toEqual([
      "The site's content has 3 mistakes, so the site was not built:",
      expect.stringMatching(
        /^ {2}src\/(?:test\/)?content\/tour\.yaml, line \d+, date "galway-2025-04-23", field kind: "tickets" is not/,
      ),
      expect.stringMatching(
        /^ {2}src\/(?:test\/)?content\/tour\.yaml, line \d+, date "donegal-2025-04-26", field venue: missing$/,
      ),
      expect.stringMatching(
        /^ {2}src\/(?:test\/)?content\/tour\.yaml, line \d+, date "dublin-2025-05-02", field startDate: "12\/03/,
      ),
    ]);
  });

  it.each([
    [
      "a time without its time zone",
      /startDate: .*/,
      "startDate: 2027-03-12T20:00:00",
      'field startDate: "2027-03-12T20:00:00" is not a date and time with its time zone',
    ],
    [
      "a day that does not exist",
      /startDate: .*/,
      "startDate: 2027-02-30T20:00:00Z",
      'field startDate: "2027-02-30T20:00:00Z" is a day that does not exist: February 2027 has no 30th',
    ],
    [
      "a misspelt optional field",
      "kind: ticket",
      "kind: ticket\n    staus: cancelled",
      "field staus: is not a field here (a typo?)",
    ],
    [
      "a field name with brackets in it",
      "kind: ticket",
      "kind: ticket\n    price (eur: 18",
      "field price (eur: is not a field here (a typo?)",
    ],
    [
      "a link that is not a web address",
      /link: .*/,
      "link: tickets.example/galway",
      'field link: "tickets.example/galway" is not a web address: write it whole, https://…',
    ],
    [
      "a link over plain http",
      /link: .*/,
      "link: http://tickets.example/galway",
      "field link: should start with https://",
    ],
    [
      "a status that is not one",
      "kind: ticket",
      "kind: ticket\n    status: sold out",
      'field status: "sold out" is not one of: scheduled, postponed, rescheduled, cancelled',
    ],
    [
      "a number where text belongs",
      /postalCode: .*/,
      "postalCode: 12345",
      'field venue.postalCode: should be text, not 12345: put it in quotes ("12345")',
    ],
    [
      "a price with a comma",
      "kind: ticket",
      'kind: ticket\n    tickets:\n      price: "18,50"\n      currency: EUR',
      'field tickets.price: should be a number, not "18,50"',
    ],
  ])("names %s in the owner's words", async (_, from, to, words) => {
    const { error } = await loadTourDates(edited("id: galway-2025-04-23", from, to));
    expect(error?.message).toMatch(
      /^The site's content has a mistake, so the site was not built:\n {2}src\/(?:test\/)?content\/tour\.yaml, line \d+, date "galway-2025-04-23", /,
    );
    expect(error?.message).toContain(words);
  });

  it.each([
    [
      "without an id",
      "  - id: galway-2025-04-23\n    startDate",
      "  - startDate",
      `${tourFile}, date 1, field id: missing`,
    ],
    [
      "twice",
      "id: donegal-2025-04-26",
      "id: galway-2025-04-23",
      `${tourFile}, date 2, field id: "galway-2025-04-23" is used twice; each date needs its own`,
    ],
    [
      "with a space",
      "id: donegal-2025-04-26",
      "id: Donegal 26",
      `${tourFile}, date 2, field id: "Donegal 26" should be lower-case letters, digits and dashes`,
    ],
  ])("refuses a date %s, which would have no calendar file of its own", async (_, from, to, words) => {
    const { error, stored } = await loadTourDates(realTour.replace(from, to));
    expect(error?.message).toContain(words);
    expect(stored).toEqual([]);
  });

  it("points at the line of a YAML mistake", async () => {
    const text = edited("id: galway-2025-04-23", "      town: Galway", "     town: Galway");
    const { error } = await loadTourDates(text);
    expect(error?.message).toMatch(
      /^The site's content has a mistake, so the site was not built:\n {2}src\/(?:test\/)?content\/tour\.yaml, line \d+: this is not valid YAML \(bad indentation/,
    );
  });

  it("stops when the file is missing, rather than building a tour without dates", async () => {
    const { error } = await loadTourDates(undefined);
    expect(error?.message).toContain(`${tourFile}: File not found: ${tourFile}`);
  });
});

describe("a content file read in Node", () => {
  it("says what the build says", () => {
    const root = projectWith({ [tourFile]: kindTypo });
    expect(() =>
      readContentFile(contentFiles.tourDates, listEntries(contentFiles.tourDates, "dates"), tourDateSchema, root),
    ).toThrow(`The site's content has a mistake, so the site was not built:\n  ${messages.kind}`);
  });

  it("checks a Markdown file's fields between its --- lines", () => {
    const bio = readFileSync(new URL("../test/content/bio.md", import.meta.url), "utf8").replace(/^heading: .*\n/m, "");
    const root = projectWith({ [bioFile]: bio });
    expect(() => readMarkdownFile(contentFiles.bio, bioSchema, root)).toThrow(
      `${bioFile}, line 1, field heading: missing`,
    );
  });
});

describe("a date and time as the content writes it", () => {
  it.each(["2027-03-12T20:00:00+00:00", "2027-06-12T20:00:00+01:00", "2027-03-12T20:00Z", "2027-03-12T20:00:00.000Z"])(
    "accepts %s",
    (text) => expect(dateTimeProblem(text)).toBeUndefined(),
  );

  it.each(["12/03/2027 20:00", "2027-03-12 20:00", "2027-03-12T20:00:00", "2027-03-12"])(
    "refuses %s, saying how to write one",
    (text) =>
      expect(dateTimeProblem(text)).toBe(
        `"${text}" is not a date and time with its time zone: write year-month-day, T, the time and the offset, ` +
          "like 2027-03-12T20:00:00+00:00 (+01:00 in Irish summer time), or end it with Z for UTC",
      ),
  );

  it.each([
    ["2027-02-30T20:00:00+00:00", "is a day that does not exist: February 2027 has no 30th"],
    ["2027-02-29T20:00:00Z", "is a day that does not exist: February 2027 has no 29th (2027 is not a leap year)"],
    ["2027-04-31T20:00:00+01:00", "is a day that does not exist: April 2027 has no 31st"],
    ["2027-03-00T20:00:00Z", "is a day that does not exist: March 2027 has no day 0"],
    ["2027-13-01T20:00:00Z", "has no month 13: the months are 01 to 12"],
    ["2027-03-12T24:00:00Z", "has no time 24:00:00: the day's times are 00:00 to 23:59"],
    ["2027-03-12T20:60Z", "has no time 20:60: the day's times are 00:00 to 23:59"],
  ])("refuses %s, written the right way, saying what does not exist", (text, problem) => {
    expect(dateTimeProblem(text)).toBe(`"${text}" ${problem}`);
  });

  it("accepts the 29th of February in a leap year", () => {
    expect(dateTimeProblem("2028-02-29T20:00:00Z")).toBeUndefined();
  });
});
