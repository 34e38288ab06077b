/**
 * The site's content as the build reads it, for journeys that compare what a visitor sees with what the
 * owner wrote: the published shows of the journeys' backend, and src/content/'s files, checked by the same schemas (src/lib/owner-content.ts reads them in
 * Node, as Playwright runs without Astro's content layer) and derived by the same functions as the pages'
 * data, on the day the journeys run.
 */
import { execFileSync } from "node:child_process";
import { datedWords, momentsOf, paragraphsOf } from "../src/data/dated-words";
import { featuredReleaseOf } from "../src/data/releases";
import { tourDatesFrom } from "../src/data/tour-dates";
import {
  bioSchema,
  contentFiles,
  epkSchema,
  linkSchema,
  pressContactSchema,
  releaseSchema,
  showSchema,
  tourSchema,
} from "../src/lib/content-schemas";
import {
  listEntries,
  readContentFile,
  readMarkdownFile,
  singleEntry,
  type ContentFile,
} from "../src/lib/owner-content";
import { tourDateEntryOf, type ShowRow } from "../src/lib/published-shows.mjs";
import type { z } from "astro/zod";

/** The checked entries of a YAML file: the list under `key`, or the whole file. */
const listed = <T extends z.ZodTypeAny>(file: ContentFile, schema: T, key?: string) =>
  readContentFile(file, listEntries(file, key), schema).map((entry) => entry.data);

const releases = listed(contentFiles.releases, releaseSchema);
// The tour's dates: the published shows the journeys' backend holds (e2e/global-setup.ts reads them), the
// local backend's seed, as the build read them.
const showRows: ShowRow[] = JSON.parse(
  process.env.E2E_SHOWS ?? execFileSync(process.execPath, ["tools/seeded-shows.mjs"], { encoding: "utf8" }),
);
const tourEntries = showRows.map((row) => showSchema.parse(tourDateEntryOf(row)));
const moments = momentsOf(releases, tourEntries);
const today = (text: string, file: ContentFile) => datedWords(text, moments, new Date(), file.path);

const links = listed(contentFiles.links, linkSchema);
const bio = readMarkdownFile(contentFiles.bio, bioSchema);
const epk = readMarkdownFile(contentFiles.epk, epkSchema);
const epkRelease = releases.find((release) => release.id === epk.data.release)!;

export const content = {
  tour: readContentFile(contentFiles.tour, singleEntry("tour", ["dates"]), tourSchema)[0].data,
  /** In date order, as the pages list them. */
  tourDates: tourDatesFrom(tourEntries),
  streaming: links.filter((link) => link.kind === "streaming"),
  social: links.filter((link) => link.kind === "social"),
  /** Every profile, in the file's order. */
  profileUrls: links.map((link) => link.url),
  /** The release / and /listen lead with. */
  featured: featuredReleaseOf(releases),
  bioParagraphs: paragraphsOf(today(bio.body, contentFiles.bio)),
  epk: {
    genreLine: epk.data.genreLine,
    shortBio: today(epk.data.shortBio, contentFiles.epk),
    bio: paragraphsOf(today(epk.body, contentFiles.epk)),
    release: epkRelease,
    profileUrl: links.find((link) => link.id === epk.data.profile)!.url,
  },
  press: listed(contentFiles.press, pressContactSchema),
};
