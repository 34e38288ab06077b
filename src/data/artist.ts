/**
 * The artist as structured data: `artistJsonLd` is the schema.org MusicGroup
 * that / and /epk pass to BaseLayout's `jsonLd` prop.
 */
import { musicGroup } from "../lib/structured-data";
import { epk } from "./epk";
import { site } from "./site";

export const artistJsonLd = musicGroup({
  name: site.artistName,
  url: site.url,
  genre: site.genres,
  image: new URL(site.shareImage.path, site.url).href,
  // Her profiles elsewhere: the streaming profile and the EP's page.
  sameAs: epk.latestRelease.links.map((link) => link.href),
});
