/**
 * /listen, the page the artist shares as her "link in bio": the single, where
 * to play it, the next show, the news sign-up and her profiles. The links
 * themselves are in src/data/links.ts.
 */
import cover from "../assets/mother-cover.jpg";

export const listen = {
  title: "Listen to “Mother”",
  description:
    "Play “Mother”, Orla Quinlan's debut single, on Spotify, Apple Music, Bandcamp or YouTube; see her next show and sign up for news.",
  kicker: "Debut single, out now",
  single: "Mother",
  cover: {
    src: cover,
    alt: "Cover of “Mother”: a figure in a warm, lit doorway at the end of a dark room",
  },
  /** The visible text of each service's button. */
  listenOn: (service: string) => `Listen on ${service}`,
  nextShow: { heading: "Next show", ticketsLabel: "Tickets and details" },
  followHeading: "Follow Orla",
  /** The page's own sharing card (public/, drawn by scripts/make-artwork.mjs). */
  shareImage: {
    path: "/og-listen.jpg",
    width: 1200,
    height: 630,
    alt: "The cover of “Mother”: a figure in a warm, lit doorway at the end of a dark room",
  },
} as const;
