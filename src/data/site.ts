/**
 * Site-wide facts: the artist's name, the public URL and the default
 * description. Change the stage name or domain here and every page follows.
 */
export const site = {
  /** Stage name shown in the nav, hero, titles and structured data. */
  artistName: "Orla Quinlan",
  /** Public origin of the deployed site, without a trailing slash. */
  url: "https://orlaquinlan.example",
  /** Default meta description, used where a page gives none of its own. */
  description:
    'Orla Quinlan is an Irish folk and indie singer-songwriter. Debut single "Mother" out now; EP and Ireland tour in April.',
  locale: "en_IE",
  lang: "en",
  /** Default sharing image for Open Graph and Twitter cards (public/, drawn by scripts/make-artwork.mjs). */
  shareImage: {
    path: "/og-image.jpg",
    width: 1200,
    height: 630,
    alt: "Orla Quinlan on stage in a spotlight, silhouetted against violet stage lights",
  },
  /** Genres, for the artist's structured data. */
  genres: ["Folk", "Indie", "Irish folk"],
} as const;

export type NavLink = { href: string; label: string };

/** The nav links, in order: the product names exactly these four. */
export const navLinks: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/bio", label: "Bio" },
  { href: "/tour", label: "Tour" },
  { href: "/merch", label: "Merch" },
];
