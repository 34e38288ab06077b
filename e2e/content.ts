/**
 * The site's content as the build reads it, for journeys that compare what a visitor sees with what the
 * owner wrote: src/content/'s files, checked by the same schemas (src/lib/owner-content.ts reads them in
 * Node, as Playwright runs without Astro's content layer) and derived by the same functions as the pages'
 * data, on the day the journeys run.
 */
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
  tourDateSchema,
  tourSchema,
} from "../src/lib/content-schemas";
import {
  listEntries,
  readContentFile,
  readMarkdownFile,
  singleEntry,
  type ContentFile,
} from "../src/lib/owner-content";
import type { z } from "astro/zod";

/** The checked entries of a YAML file: the list under `key`, or the whole file. */
const listed = <T extends z.ZodTypeAny>(file: ContentFile, schema: T, key?: string) =>
  readContentFile(file, listEntries(file, key), schema).map((entry) => entry.data);

const releases = listed(contentFiles.releases, releaseSchema);
const tourEntries = listed(contentFiles.tourDates, tourDateSchema, "dates");
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
