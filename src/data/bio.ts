/**
 * The biography on /bio (src/content/bio.md): one string per paragraph, in the order of topics of docs/features.md#bio,
 * with the words that change on a date as true as the build's day.
 */
import { contentFiles } from "../lib/content-schemas";
import { content, wordsOfTheDay } from "./content";
import { paragraphsOf } from "./dated-words";

const file = contentFiles.bio.path;

export const bio = {
  heading: content.bio.heading,
  description: wordsOfTheDay(content.bio.description, file),
  paragraphs: paragraphsOf(wordsOfTheDay(content.bio.body, file)),
} as const;
