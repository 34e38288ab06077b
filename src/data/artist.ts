/**
 * The artist as structured data: `artistJsonLd` is the schema.org MusicGroup
 * that / and /epk pass to BaseLayout's `jsonLd` prop.
 */
import { musicGroup } from "../lib/structured-data";
import { profileUrls } from "./links";
import { site } from "./site";
import { siteSettings } from "./site-settings";

// The configured site URL (astro.config.mjs: SITE_URL or the content's), as the canonical URLs use.
const siteUrl = site.url;

export const artistJsonLd = musicGroup({
  name: site.artistName,
  url: new URL("/", siteUrl).href,
  genre: siteSettings.genres,
  image: new URL(site.shareImage.path, siteUrl).href,
  // Her profiles elsewhere: streaming services and social networks (src/data/links.ts).
  sameAs: profileUrls,
});
