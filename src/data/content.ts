/**
 * The content collections (src/content.config.ts), loaded once for the whole build: the one module
 * that reads astro:content. The other src/data modules derive what the pages show from these entries;
 * two things many of them need are derived here: the release the site leads with, and copy's words as
 * they read on the build's day. A file that is a single entry must be there; its absence stops the
 * build, naming the file.
 */
import { getCollection } from "astro:content";
import { contentFiles } from "../lib/content-schemas";
import { renderedShowsDigest } from "../lib/published-shows.mjs";
import { datedWords, momentsOf } from "./dated-words";
import { featuredReleaseOf } from "./releases";

/** The one entry of a file that holds one. */
function only<T>(entries: readonly T[], file: { path: string }): T {
  if (!entries[0]) throw new Error(`${file.path} is missing or empty`);
  return entries[0];
}

/** A Markdown file's fields and its body. */
function withBody<T extends { data: object; body?: string }>(entry: T): T["data"] & { body: string } {
  return { ...entry.data, body: entry.body ?? "" };
}

const shows = await getCollection("shows");

export const content = {
  tour: only(await getCollection("tour"), contentFiles.tour).data,
  /** The tour's dates: the calendar's published shows. */
  shows: shows.map((entry) => entry.data),
  releases: (await getCollection("releases")).map((entry) => entry.data),
  links: (await getCollection("links")).map((entry) => entry.data),
  site: only(await getCollection("site"), contentFiles.site).data,
  merch: only(await getCollection("merch"), contentFiles.merch).data,
  press: (await getCollection("press")).map((entry) => entry.data),
  photos: (await getCollection("photos")).map((entry) => entry.data),
  bio: withBody(only(await getCollection("bio"), contentFiles.bio)),
  epk: withBody(only(await getCollection("epk"), contentFiles.epk)),
};

/**
 * The digest of the published shows the pages render (src/lib/published-shows.mjs), as their entries say, or null
 * when they do not say one: the build's record (/build-info.json) publishes it.
 */
export const showsDigest = renderedShowsDigest(shows);

/**
 * The build's clock, read before any page is made: the record of the build (/build-info.json) names the
 * first change after it, so a moment that passes while the pages are being made is still named.
 */
export const builtAt = new Date();

const moments = momentsOf(content.releases, content.shows);

/** `text` from `file` with its {id: before | after} words as they read on the build's day. */
export function wordsOfTheDay(text: string, file: string): string {
  return datedWords(text, moments, new Date(), file);
}

/** The release the home page and /listen lead with. */
export const featuredRelease = featuredReleaseOf(content.releases);
