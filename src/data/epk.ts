/** Press kit copy for /epk; its links come from src/data/links.ts. */
import { epPage, streamingService } from "./links";

export const epk = {
  title: "Press Kit",
  description: "Electronic press kit of Orla Quinlan: latest release, live photos and biography.",
  genreLine: "Folk · Indie · Irish singer-songwriter",
  latestRelease: {
    heading: "Latest Release",
    // The player is an embedded playlist; its origin is allowed in the CSP frame-src (astro.config.mjs).
    playerUrl: "https://open.spotify.com/embed/playlist/37i9dQZF1DXaXB8fQg7xif?utm_source=generator",
    playerTitle: "Orla Quinlan on Spotify: latest release playlist",
    playerHeight: 600,
    /** Screen-reader hint after each link, which opens a new tab. */
    newTabHint: "opens in a new tab",
    links: [
      { href: streamingService("spotify").profile, label: "Artist profile" },
      { href: epPage, label: "The Mother EP" },
    ],
  },
  photosHeading: "Live Photos",
  /** The carousel's accessible name. */
  carouselLabel: "Photo carousel",
  pressPhotos: {
    heading: "Press photos",
    intro: "Full-resolution files for print and online use. Please credit the photographer.",
    /** The caption under each thumbnail. */
    credit: (photographer: string) => `Photo: ${photographer}`,
  },
  shortBio: {
    heading: "Short bio",
    // The press may lift this as it stands; keep it 50–100 words (src/data/epk.test.ts checks).
    quoteNote: "Free to quote in full or in part, no permission needed.",
    text: 'Orla Quinlan is an Irish singer-songwriter whose songs blend folk, indie and Irish traditional music. Selected for Ones To Watch Festival in 2024 and invited back in 2025, she has been managed by Harbourlight Artists since August 2024. Her debut EP, produced with Cian Duffy and Maeve Corcoran and recorded live in Connemara, opens with the single "Mother", out March 7th 2025, a song about overcoming domestic violence. The full EP follows in April with a tour of Ireland.',
  },
  bioHeading: "Biography",
  bio: [
    "Orla Quinlan was selected for Ones To Watch Festival in 2024, and asked back in 2025 on the strength of a set that had the tent singing her choruses back to her.",
    "She writes songs the way other people keep diaries, and between them she makes comedy sketches that have found her a loyal audience online: the same eye for small human moments, played for laughs.",
    "Her sound sits where folk, indie and Irish traditional music meet. In April she tours Ireland to launch her upcoming EP, with dates in Galway, Donegal and Dublin.",
    "Since August 2024 she has been managed by Harbourlight Artists. The EP was produced with Cian Duffy and Maeve Corcoran and recorded live in Connemara.",
  ],
} as const;
