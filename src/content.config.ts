/**
 * The content the site's owner edits, as Astro content collections: YAML and Markdown files under
 * src/content/, each checked against its schema (src/lib/content-schemas.ts) as the build starts. A
 * mistake stops the build with a message naming the file, the line, the entry and the field
 * (src/lib/owner-content.ts). src/data/ derives what the pages show from these collections.
 */
import { defineCollection } from "astro/content/config";
import {
  bioSchema,
  contentFiles,
  epkSchema,
  linkSchema,
  merchSchema,
  photoSchema,
  pressContactSchema,
  releaseSchema,
  siteSchema,
  tourDateSchema,
  tourSchema,
} from "./lib/content-schemas";
import { listEntries, markdownCollection, singleEntry, yamlCollection } from "./lib/owner-content";

export const collections = {
  tour: defineCollection({
    loader: yamlCollection(contentFiles.tour, singleEntry("tour", ["dates"]), tourSchema),
    schema: tourSchema,
  }),
  tourDates: defineCollection({
    loader: yamlCollection(contentFiles.tourDates, listEntries(contentFiles.tourDates, "dates"), tourDateSchema),
    schema: tourDateSchema,
  }),
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
