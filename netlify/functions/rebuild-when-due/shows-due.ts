/**
 * Whether the live site is behind the team's calendar: the published shows as the database has them now
 * against those the live build rendered, both as one digest (src/lib/published-shows.mjs's `showsDigest`, the
 * build's own function), with what the function last asked for. Pure: the function passes what it read.
 *
 * The rule: ask for a build when the digests differ, at once unless the shows were already changing at the run
 * before (news fans must not miss, a show cancelled, postponed, moved or taken off, goes at once even then), at
 * most once for each state of the shows. The function keeps one small record between runs (Netlify Blobs, a store
 * of this site): the digest it last asked a build for, and when. Nothing less tells a build still running or
 * failed apart from a change made since, and a failed build must not become a build every ten minutes (each
 * deploy costs credits). The month's record (./deploys-due.ts) keeps the digest the last run read and whether that
 * run found the shows changing (`showsChanging`: other than the live build's and than the run before it found
 * them). So:
 * - a change after a quiet run (the shows as the live site has them, or as the run before found them) is asked by
 *   the first run that sees it: runs are 10 minutes apart, so it is live within about 10 minutes and a build; a
 *   burst of changes between two runs makes that one build, never one build per change;
 * - changes still going on at consecutive runs (a long sitting in /calendar) wait: after the build the sitting's
 *   first run asked, they make one more build, once a run finds the shows as the run before it found them (the
 *   last change is live within about 20 minutes and a build), so a sitting costs two builds at most, not one a
 *   run. The run that asked counts as one that found the shows changing, even when its build is live by the next
 *   run;
 * - no run before read the shows (the first run, or the month's record lost), or its record does not say whether
 *   they were changing (kept before it did): the shows are asked at once, a build more at most;
 * - while the asked build is being made, or after it failed, the shows are the same and nothing is asked:
 *   after `STUCK_MS` the log says so as a problem, until the shows change again (which asks once more) or a
 *   push or Deploys → Trigger deploy builds the site;
 * - a build asked before the live one was made has been and gone (it went live, or a later build replaced it):
 *   it no longer stands for any shows, so shows that are again what it was asked for are asked once more. A
 *   failed build leaves the live one older than the request, so that never makes a build every run; builds that
 *   go live without the very shows they were asked for (a build reading another project) are asked again
 *   `REASKS` times, then the log asks for a look, until a run finds the live site current again.
 */
import { readKeptAt } from "./when-due";

/** How long a build may take before the log calls a live site still behind a problem: three runs. */
export const STUCK_MS = 30 * 60_000;

/** What the function last asked a build for: the shows' digest then, and when (ISO). */
export type Asked = { digest: string; at: string };

export type ShowsState = {
  /** The digest of the database's published shows now, and how many there are. */
  database: { digest: string; count: number };
  /** The digest the live build recorded; null when its record has none (a build from before the digest). */
  live: string | null;
  /** What the function last asked for; null when it never did (or its record is gone). */
  asked: Asked | null;
  /** When the live build was made (its record's builtAt); a request made before it is spent. */
  liveBuiltAt?: string | null;
  /** The digest the run before found in the database; null when it read none (or it was not kept). */
  seen?: string | null;
  /** Whether the run before found the shows changing (`showsChanging`); false when it did not, or it was not kept. */
  changing?: boolean;
  /** The news fans must not miss among the changes, in words (./deploys-due.ts, `newsOf`), or null. */
  news?: string | null;
  /** Builds asked again for the shows `asked` stands for since a run last found the shows current (Month's). */
  reasked?: number;
};

/** How often the shows a build went live without are asked again before the log asks for a look instead. */
const REASKS = 1;

export type ShowsDecision =
  { build: true; title: string; line: string } | { build: false; problem: boolean; line: string };

/** A digest as the log shows it: its first 12 hex digits, enough to tell two apart by eye. */
export const short = (digest: string) => digest.slice(0, 12);

const shows = (count: number) => `${count} published show${count === 1 ? "" : "s"}`;

/**
 * Whether a run that read `database` found the shows changing: other than those the live build rendered, and other
 * than the run before found them (`seen`), or no run before read them. The next run keeps it: a change it finds
 * waits for a run only after such a run.
 */
export const showsChanging = ({ database, live, seen = null }: Pick<ShowsState, "database" | "live" | "seen">) =>
  database.digest !== live && database.digest !== seen;

/** What the run at `now` does about the published shows, with its log line (figures included). */
export function showsDue(
  {
    database,
    live,
    asked: kept,
    liveBuiltAt = null,
    seen = null,
    changing = false,
    news = null,
    reasked = 0,
  }: ShowsState,
  now: Date,
): ShowsDecision {
  const inDatabase = `${shows(database.count)}, digest ${short(database.digest)}`;
  if (live === database.digest) {
    return { build: false, problem: false, line: `Shows current: the live site has the database's ${inDatabase}.` };
  }
  const onLive = live === null ? "the live build recorded no shows digest" : `the live build has ${short(live)}`;
  const spent = kept && liveBuiltAt !== null && Date.parse(liveBuiltAt) > Date.parse(kept.at);
  // Builds for these very shows went live without them: a build that reads other shows than this function would
  // be asked after every one of them, until the month's deploys are spent.
  if (spent && kept.digest === database.digest && reasked >= REASKS) {
    return {
      build: false,
      problem: true,
      line:
        `No rebuild for the shows: ${reasked + 1} builds were asked for the database's ${inDatabase}, and went ` +
        `live with other shows (${onLive}): the builds read another project than this function, or its shows ` +
        "changed back meanwhile. Check that PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are the same for " +
        "Builds and Functions (Site configuration → Environment variables). They are asked again once they " +
        "change; a push, or Deploys → Trigger deploy, builds now.",
    };
  }
  const asked = spent ? null : kept;
  if (asked?.digest === database.digest) {
    const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(asked.at)) / 60_000));
    const stuck = now.getTime() - Date.parse(asked.at) >= STUCK_MS;
    return {
      build: false,
      problem: stuck,
      line: stuck
        ? `No rebuild for the shows: a build of the database's ${inDatabase} was asked at ${asked.at} ` +
          `(${minutes} minutes ago) and ${onLive}: look for its failed deploy and its log under Deploys. It is ` +
          "asked again once the shows change; a push, or Deploys → Trigger deploy, builds now."
        : `No rebuild for the shows: a build of the database's ${inDatabase} was asked at ${asked.at} ` +
          `(${minutes} minutes ago) and is on its way (${onLive}).`,
    };
  }
  if (!news && changing && seen !== null && seen !== database.digest) {
    return {
      build: false,
      problem: false,
      line:
        `No rebuild for the shows yet: they were changing at the last run too (it found digest ${short(seen)}; the ` +
        `database has ${inDatabase}; ${onLive}), so a build is asked once they stay the same for a run.`,
    };
  }
  return {
    build: true,
    title: "Rebuild: the published shows changed",
    line: `Rebuild requested: the published shows changed (the database has ${inDatabase}; ${onLive}).`,
  };
}

/** The record kept between runs, or null when `value` is not one (nothing kept yet, or something else). */
export const readAsked = (value: unknown): Asked | null => readKeptAt(value, "digest");
