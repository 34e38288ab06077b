/**
 * The owner's site settings (src/content/site.yaml) that only the built pages need: the default
 * description, kept true on the build's day, the genres, what the sharing image shows, and the address
 * fans write to about the news list.
 */
import { contentFiles } from "../lib/content-schemas";
import { content, wordsOfTheDay } from "./content";

export const siteSettings = {
  /** Default meta description, used where a page gives none of its own. */
  description: wordsOfTheDay(content.site.description, contentFiles.site.path),
  /** Genres, for the artist's structured data. */
  genres: content.site.genres,
  /** What the default sharing image shows. */
  shareImageAlt: content.site.shareImageAlt,
  /** Where fans write to leave the news list. */
  newsEmail: content.site.newsEmail,
} as const;
