/**
 * The content the site's owner edits, as Astro content collections: YAML and Markdown files under
 * src/content/, each checked against its schema (src/lib/content-schemas.ts) as the build starts. A
 * mistake stops the build with a message naming the file, the line, the entry and the field
 * (src/lib/owner-content.ts). The tour's dates are no longer the file's: they are the published shows of
 * the team's calendar, read from the configured project (src/lib/shows-loader.ts). src/data/ derives what
 * the pages show from these collections.
 */
import { defineCollection } from "astro/content/config";
import type { Loader } from "astro/loaders";
import {
  bioSchema,
  contentFiles,
  epkSchema,
  linkSchema,
  merchSchema,
  photoSchema,
  pressContactSchema,
  releaseSchema,
  showSchema,
  siteSchema,
  tourDateSchema,
  tourSchema,
} from "./lib/content-schemas";
import { listEntries, markdownCollection, singleEntry, yamlCollection } from "./lib/owner-content";
import { publishedShowsLoader } from "./lib/shows-loader";

/** `loader`, saying `warning` in the build's log when it stores anything. */
function leftOver(loader: Loader, warning: (count: number) => string): Loader {
  return {
    ...loader,
    load: async (context) => {
      await loader.load(context);
      const count = context.store.keys().length;
      if (count > 0) context.logger.warn(warning(count));
    },
  };
}

export const collections = {
  tour: defineCollection({
    loader: yamlCollection(contentFiles.tour, singleEntry("tour", ["dates"]), tourSchema),
    schema: tourSchema,
  }),
  tourDates: defineCollection({
    // Dates the file still lists: no longer shown (the build says so), but checked, as `npm run tour:import` reads them.
    loader: leftOver(
      yamlCollection(
        contentFiles.tourDates,
        listEntries(contentFiles.tourDates, "dates", { optional: true }),
        tourDateSchema,
      ),
      (count) =>
        `${contentFiles.tourDates.path} still lists ${count} date(s), which the build no longer reads: tour dates are ` +
        "the calendar's published gigs now. `npm run tour:import` puts them there once; then remove them from the file.",
    ),
    schema: tourDateSchema,
  }),
  /** The tour's dates: the calendar's published shows, read from the configured project. */
  shows: defineCollection({ loader: publishedShowsLoader(), schema: showSchema }),
  releases: defineCollection({
    loader: yamlCollection(contentFiles.releases, listEntries(contentFiles.releases), releaseSchema),
    schema: releaseSchema,
  }),
  links: defineCollection({
    loader: yamlCollection(contentFiles.links, listEntries(contentFiles.links), linkSchema),
    schema: linkSchema,
  }),
  site: defineCollection({
    loader: yamlCollection(contentFiles.site, singleEntry("site"), siteSchema),
    schema: siteSchema,
  }),
  merch: defineCollection({
    loader: yamlCollection(contentFiles.merch, singleEntry("merch"), merchSchema),
    schema: merchSchema,
  }),
  press: defineCollection({
    loader: yamlCollection(contentFiles.press, listEntries(contentFiles.press), pressContactSchema),
    schema: pressContactSchema,
  }),
  photos: defineCollection({
    loader: yamlCollection(contentFiles.photos, listEntries(contentFiles.photos), photoSchema),
    schema: photoSchema,
  }),
  bio: defineCollection({ loader: markdownCollection(contentFiles.bio, bioSchema), schema: bioSchema }),
  epk: defineCollection({ loader: markdownCollection(contentFiles.epk, epkSchema), schema: epkSchema }),
};
