/** The artist as structured data (JSON-LD on / and /epk). */
import { musicGroup } from "../lib/structured-data";
import { epk } from "./epk";
import { site } from "./site";

export const artistJsonLd = musicGroup({
  name: site.artistName,
  url: site.url,
  genre: ["Folk", "Indie", "Irish traditional"],
  image: `${site.url}/og-image.jpg`,
  sameAs: epk.latestRelease.links.map((link) => link.href),
});
