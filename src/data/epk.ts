/**
 * The press kit (/epk): its words, and what src/content/epk.md gives: the genre line, the release the
 * Latest Release card plays (its player and page from src/content/releases.yaml), the profile linked
 * beside it (src/content/links.yaml), the short bio and the four paragraphs of its Biography card.
 */
import { contentFiles } from "../lib/content-schemas";
import { FRAME_SOURCES } from "../integrations/site-policy.mjs";
import { content, wordsOfTheDay } from "./content";
import { paragraphsOf } from "./dated-words";
import { profileOf } from "./links";
import { releaseNamed, releaseTypeWord } from "./releases";
import { site } from "./site";

const file = contentFiles.epk.path;
const release = releaseNamed(content.releases, content.epk.release, `${file}, field release`);
const player = release.player;
if (!player) {
  throw new Error(`${file}, field release: "${release.id}" has no player in src/content/releases.yaml to embed`);
}
// The page may only frame what the Content-Security-Policy's frame-src allows; anything else stays blank.
if (!FRAME_SOURCES.includes(new URL(player).origin)) {
  throw new Error(
    `src/content/releases.yaml, release "${release.id}", field player: the site may only embed players from ` +
      `${FRAME_SOURCES.join(", ")} (frame-src in the Content-Security-Policy, src/integrations/site-policy.mjs)`,
  );
}

/** "Mother EP". */
const releaseName = `${release.title} ${releaseTypeWord(release)}`;

export const epk = {
  title: "Press Kit",
  description: `Electronic press kit of ${site.artistName}: latest release, live photos and biography.`,
  genreLine: content.epk.genreLine,
  latestRelease: {
    heading: "Latest Release",
    playerUrl: player,
    playerTitle: `Player: the ${releaseName} by ${site.artistName}`,
    playerHeight: 600,
    /** Screen-reader hint after each link, which opens a new tab. */
    newTabHint: "opens in a new tab",
    links: [
      { href: profileOf(content.epk.profile), label: "Artist profile" },
      ...(release.page ? [{ href: release.page, label: `The ${releaseName}` }] : []),
    ],
  },
  photosHeading: "Live Photos",
  /** The carousel's accessible name. */
  carouselLabel: "Photo carousel",
  /** Said instead of the carousel's arrows without JavaScript, as they do nothing then. */
  carouselNoScript: "Turning the photos needs JavaScript. Each one is under “Press photos” below, to download.",
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
    text: wordsOfTheDay(content.epk.shortBio, file),
  },
  bioHeading: "Biography",
  bio: paragraphsOf(wordsOfTheDay(content.epk.body, file)),
} as const;
