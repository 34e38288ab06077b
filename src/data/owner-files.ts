/**
 * Content files (src/content/ under a project folder), checked as the build checks them and by the rules that
 * hold for any valid content, without building the site: the tests run it on copies of the fixture content
 * (src/lib/content-dir.mjs), never on her own files, which the build checks.
 * Each file against its schema, with the build's messages; then what joins the files: a release to lead
 * the home page and /listen, with its cover; the press kit's release with a player the site may embed, and
 * its profile; every `{id: before | after}` naming a release or a date. The schemas already insist that every
 * date has its ticket or venue link, and that the site and the bio have their descriptions.
 */
import { FRAME_SOURCES } from "../integrations/site-policy.mjs";
import { OWNER_CONTENT } from "../lib/content-dir.mjs";
import {
  bioSchema,
  epkSchema,
  linkSchema,
  merchSchema,
  photoSchema,
  pressContactSchema,
  releaseSchema,
  siteSchema,
  tourDateSchema,
  tourSchema,
} from "../lib/content-schemas";
import { listEntries, readContentFile, readMarkdownFile, singleEntry } from "../lib/owner-content";
import { datedWords, momentsOf } from "./dated-words";
import { featuredReleaseOf, releaseNamed } from "./releases";

/**
 * Every problem in the content under `root` (a project folder), each in the build's words; none is []. The
 * tour's dates are the published shows (`shows`, as src/lib/published-shows.mjs turns rows into entries), not
 * a file: the words naming a date are checked against them, as the build checks them.
 */
export function ownerContentProblems(
  root: URL,
  { shows = [], dir = OWNER_CONTENT }: { shows?: readonly { id: string; startDate: string }[]; dir?: string } = {},
): string[] {
  const problems: string[] = [];
  /** `read()`'s value, or undefined with its error kept. */
  function attempt<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  }
  const file = (name: string, entryName?: string) => ({ path: `${dir}/${name}`, ...(entryName && { entryName }) });
  const tour = file("tour.yaml", "date");
  // Dates the file still lists are no longer shown, but checked, as the build checks them.
  const tourDates = attempt(() =>
    readContentFile(tour, listEntries(tour, "dates", { optional: true }), tourDateSchema, root),
  );
  attempt(() => readContentFile(file("tour.yaml"), singleEntry("tour", ["dates"]), tourSchema, root));
  const releasesFile = file("releases.yaml", "release");
  const releases = attempt(() =>
    readContentFile(releasesFile, listEntries(releasesFile), releaseSchema, root).map((entry) => entry.data),
  );
  const linksFile = file("links.yaml", "link");
  const links = attempt(() => readContentFile(linksFile, listEntries(linksFile), linkSchema, root));
  const site = attempt(() => readContentFile(file("site.yaml"), singleEntry("site"), siteSchema, root)[0].data);
  attempt(() => readContentFile(file("merch.yaml"), singleEntry("merch"), merchSchema, root));
  const pressFile = file("press.yaml", "contact");
  attempt(() => readContentFile(pressFile, listEntries(pressFile), pressContactSchema, root));
  const photosFile = file("photos.yaml", "photo");
  attempt(() => readContentFile(photosFile, listEntries(photosFile), photoSchema, root));
  const bio = attempt(() => readMarkdownFile(file("bio.md"), bioSchema, root));
  const epk = attempt(() => readMarkdownFile(file("epk.md"), epkSchema, root));
  if (!tourDates || !releases || !links || !site || !bio || !epk) return problems;

  attempt(() => featuredReleaseOf(releases));
  const played = attempt(() => releaseNamed(releases, epk.data.release, `${dir}/epk.md, field release`));
  if (played && (!played.player || !FRAME_SOURCES.includes(new URL(played.player).origin))) {
    problems.push(
      `${dir}/releases.yaml, release "${played.id}", field player: the press kit plays it, so it needs a player ` +
        `from ${FRAME_SOURCES.join(", ")}`,
    );
  }
  if (!links.some((link) => link.id === epk.data.profile)) {
    problems.push(`${dir}/epk.md, field profile: there is no link "${epk.data.profile}" in ${dir}/links.yaml`);
  }
  const moments = momentsOf(releases, shows);
  for (const [text, where] of [
    [site.description, `${dir}/site.yaml`],
    [bio.body, `${dir}/bio.md`],
    [epk.data.shortBio, `${dir}/epk.md`],
    [epk.body, `${dir}/epk.md`],
  ] as const) {
    attempt(() => datedWords(text, moments, new Date(), where));
  }
  return problems;
}
