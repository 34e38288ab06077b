/**
 * Copy and picture of the home page: the hero announces the featured release (src/content/releases.yaml)
 * as it stands on the build's day, "out now" once it is out; under it, the next show.
 */
import heroImage from "../assets/hero.jpg";
import { featuredRelease } from "./content";
import { outWhen, releaseBilling, type Release } from "./releases";

/** 'Debut Single "Mother" out now', or before its day 'Debut Single "Mother" out March 7th'. */
export function taglineOf(release: Release, now: Date): string {
  return `${releaseBilling(release)} "${release.title}" ${outWhen(release, now)}`;
}

export const home = {
  /** The full-screen photo behind the hero's words; decorative, so it has no alt text. */
  image: heroImage,
  tagline: taglineOf(featuredRelease, new Date()),
  // The button's promised text (docs/features.md#home); `context` is read by screen readers and search engines only,
  // because "Learn More" alone does not say where the link goes.
  cta: { label: "Learn More", context: "about the artist", href: "/bio" },
  /** The quieter second action: where to hear the release. */
  listen: { label: `Listen to “${featuredRelease.title}”`, href: "/listen" },
  title: "Irish folk and indie singer-songwriter",
} as const;
