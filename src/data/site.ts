/**
 * Site-wide facts: the artist's name, the public URL, language and the default sharing image. The name
 * and the address are the owner's (src/content/site.yaml); the browser's code needs them too (the
 * calendar's export names its events after them), where the content collections cannot be read, so
 * astro.config.mjs reads them from the file, checked as the build checks it, and every bundle gets
 * them as build-time values. The rest of the owner's settings are in src/data/site-settings.ts.
 */
export const site = {
  /** Stage name shown in the nav, hero, titles and structured data. */
  artistName: import.meta.env.ARTIST_NAME,
  /**
   * Public origin of the site, without a trailing slash: SITE_URL when set, else Netlify's URL (the site's
   * main address), else site.yaml's url (astro.config.mjs decides).
   */
  url: import.meta.env.SITE.replace(/\/$/, ""),
  locale: "en_IE",
  lang: "en",
  /** Default sharing image for Open Graph and Twitter cards (public/, drawn by scripts/make-artwork.mjs). */
  shareImage: { path: "/og-image.jpg", width: 1200, height: 630 },
} as const;

export type NavLink = { href: string; label: string };

/** The nav links, in order: the product names exactly these four. */
export const navLinks: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/bio", label: "Bio" },
  { href: "/tour", label: "Tour" },
  { href: "/merch", label: "Merch" },
];
