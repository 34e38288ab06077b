/**
 * /build-info.json: the build's record for the scheduled function that keeps the pages current
 * (netlify/functions/rebuild-when-due). When the site was built, and the next instant at which a page it
 * built goes out of date, with the reason and whether visitors' browsers make that change themselves
 * (src/data/next-change.ts); null for the three when nothing on the pages changes with time; the next change no
 * browser makes by itself (a release's day, a new year), which may come after one browsers make; the instants after
 * the next, for a run that finds the build asked for the next one failed; and the digest of the published shows it rendered (src/lib/published-shows.mjs,
 * as the entries the pages read say), which the scheduled function compares with the database's shows as
 * they are now, and /calendar too, to say whether each is on the website yet. An object, so later fields can join
 * these without breaking a reader.
 * netlify.toml lets it be cached for a minute and keeps it out of search results.
 */
import type { APIRoute } from "astro";
import { builtAt, content, showsDigest } from "../data/content";
import { laterChangesOf, nextChangeOf, nextNewsOf, type NextChange } from "../data/next-change";

/** The record as it is published. */
export type BuildInfo = {
  builtAt: string;
  nextChangeAt: string | null;
  nextChangeReason: string | null;
  /** Whether visitors' browsers make that change themselves (src/data/next-change.ts); null with no next change. */
  nextChangeInBrowser: boolean | null;
  /**
   * The next change no visitor's browser makes by itself (a release's day, a new year), when and why: the same as
   * nextChangeAt when that is one; null when none is ahead.
   */
  nextNewsAt: string | null;
  nextNewsReason: string | null;
  /**
   * The instants after nextChangeAt (a few of them), each with its reason and whether browsers make it: a build
   * asked for nextChangeAt that fails leaves this record live, and the scheduled function then asks once for each
   * of these as it passes, so one failed build does not leave the site out of date for good.
   */
  laterChanges: NextChange[];
  /** The published shows the pages render, digested (src/lib/published-shows.mjs); null when their entries do not say. */
  showsDigest: string | null;
};

export const GET: APIRoute = () => {
  const changing = { tourDates: content.shows, releases: content.releases };
  const next = nextChangeOf(changing, builtAt);
  const news = nextNewsOf(changing, builtAt);
  const record: BuildInfo = {
    builtAt: builtAt.toISOString(),
    nextChangeAt: next?.at ?? null,
    nextChangeReason: next?.reason ?? null,
    nextChangeInBrowser: next?.inBrowser ?? null,
    nextNewsAt: news?.at ?? null,
    nextNewsReason: news?.reason ?? null,
    laterChanges: laterChangesOf(changing, builtAt),
    // As the tour's entries the pages read say (src/data/content.ts), not as the loader read the shows.
    showsDigest,
  };
  return new Response(`${JSON.stringify(record, null, 2)}\n`, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
