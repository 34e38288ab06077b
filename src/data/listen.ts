/**
 * /listen, the page the artist shares as her "link in bio": the featured release (src/content/
 * releases.yaml), where to play it, the next show, the news sign-up and her profiles. The links
 * themselves are in src/data/links.ts.
 */
import { featuredRelease } from "./content";
import { coverOf } from "./images";
import { streaming } from "./links";
import { outWhen, releaseTypeWord, type Release } from "./releases";
import { site } from "./site";
import { tour } from "./tour";

/** "Debut single, out now", or before its day "Debut single, out March 7th". */
export function kickerOf(release: Release, now: Date): string {
  const kind = `${release.debut ? "Debut" : "New"} ${releaseTypeWord(release)}`;
  return `${kind}, ${outWhen(release, now)}`;
}

/** "Spotify, Apple Music or YouTube". */
const eitherOf = new Intl.ListFormat("en-IE", { type: "disjunction" });
const services = streaming.filter((service) => service.single).map((service) => service.name);
const title = `Listen to “${featuredRelease.title}”`;

export const listen = {
  title,
  description:
    `Play “${featuredRelease.title}” by ${site.artistName} on ${eitherOf.format(services)}; ` +
    "see her next show and sign up for news.",
  kicker: kickerOf(featuredRelease, new Date()),
  single: featuredRelease.title,
  /** The featured release's own cover, as releases.yaml names it. */
  cover: coverOf(featuredRelease),
  /** The visible text of each service's button. */
  listenOn: (service: string) => `Listen on ${service}`,
  /**
   * The next show's box, as / shows it too: its words, and the tour's for a sold-out show, a rescheduled one (the
   * day or doors it had) and for none.
   */
  nextShow: {
    heading: "Next show",
    ticketsLabel: "Tickets and details",
    soldOutLabel: tour.soldOutLabel,
    statusLabels: tour.statusLabels,
    movedFromLabel: tour.movedFromLabel,
    doorsMovedFromLabel: tour.doorsMovedFromLabel,
    noneAhead: tour.noneAhead,
  },
  followHeading: "Follow Orla",
  /** The page's own sharing card (public/, drawn by scripts/make-artwork.mjs). */
  shareImage: {
    path: "/og-listen.jpg",
    width: 1200,
    height: 630,
    alt: featuredRelease.coverAlt ?? "",
  },
} as const;
