/**
 * Her releases (src/content/releases.yaml): which one the home page and /listen lead with, whether a
 * release is out on a given day, and how the copy names it ("Debut Single", "the Mother EP"). Pure:
 * src/data/content.ts passes the collection's entries, tests and the browser tests their own.
 */
import type { ReleaseEntry } from "../lib/content-schemas";
import { dateTextAt } from "./tour-dates";

export type Release = ReleaseEntry;

/** A release's type as a sentence names it, and as a title does. */
const typeNames: Record<Release["type"], { word: string; title: string }> = {
  single: { word: "single", title: "Single" },
  ep: { word: "EP", title: "EP" },
  album: { word: "album", title: "Album" },
};

/** Whether the release is out at `now`: from its release date on. */
export function isOut(release: Pick<Release, "releaseDate">, now: Date): boolean {
  return now.getTime() >= Date.parse(release.releaseDate);
}

/** "Debut Single" or "New EP": how the home page introduces the release. */
export function releaseBilling(release: Pick<Release, "debut" | "type">): string {
  return `${release.debut ? "Debut" : "New"} ${typeNames[release.type].title}`;
}

/** "single", "EP" or "album". */
export function releaseTypeWord(release: Pick<Release, "type">): string {
  return typeNames[release.type].word;
}

/**
 * "out now" once it is out; before that, the day it comes out: "out March 7th", or "out March 7th 2028"
 * when that is not this year, as the tour's dates say it.
 */
export function outWhen(release: Pick<Release, "releaseDate">, now: Date): string {
  return isOut(release, now) ? "out now" : `out ${dateTextAt(release.releaseDate, now)}`;
}

/** The release the home page and /listen lead with: the newest with places to play it. */
export function featuredReleaseOf(releases: readonly Release[]): Release & { listen: NonNullable<Release["listen"]> } {
  const playable = releases
    .filter((release): release is Release & { listen: NonNullable<Release["listen"]> } => release.listen !== undefined)
    .sort((a, b) => Date.parse(b.releaseDate) - Date.parse(a.releaseDate));
  if (!playable[0])
    throw new Error("src/content/releases.yaml: no release has listen links, so /listen has nothing to play");
  return playable[0];
}

/** A release named elsewhere in the content; `where` says who names it, for the message. */
export function releaseNamed(releases: readonly Release[], id: string, where: string): Release {
  const release = releases.find((entry) => entry.id === id);
  if (!release) throw new Error(`${where}: there is no release "${id}" in src/content/releases.yaml`);
  return release;
}
