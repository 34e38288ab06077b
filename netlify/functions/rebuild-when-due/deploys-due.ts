/**
 * The month's production deploys, and which builds the month can still afford. Netlify's Free plan has 300
 * credits a month and a deploy costs 15: past them the site answers "Site not available" until the month
 * ends. Pure: the function passes what it read, its kept record and the time.
 *
 * Counting: the function counts the deploys it can see, per month in UTC, from the day Netlify's credits reset
 * (`DEPLOYS_MONTH_STARTS`, the 1st by default; Usage & billing says which): each build it asks (when
 * asked), and each new `builtAt` of the live record that is not one of those (a push, Deploys → Trigger
 * deploy). Two deploys between two runs show one `builtAt`: a push then may go uncounted. A `builtAt` older than
 * the last one seen (a cache in front of the site serving an old copy) is no deploy.
 *
 * The allowance (`MONTHLY_DEPLOYS`, 18 by default) keeps a reserve (`reserveOf`, 3) for the owner's pushes,
 * and the rule, by deploys counted this month:
 * - below allowance − 2 × reserve: every build due is asked, but a change browsers make themselves (tickets on
 *   sale, a show over) only at the month's pace: while the deploys counted are no more than (allowance − 2 ×
 *   reserve) × the share of the month gone; else it waits, as below;
 * - then, up to allowance − reserve: a change to the published shows is asked; a time instant (a show over, a
 *   release's day, the new year) waits, as browsers already mark a show past by their own clock: it goes out
 *   with the next build, or is asked once the month has room again while no build came since (it stays due
 *   until asked: ./when-due.ts);
 * - then, up to the allowance: only news fans must not miss, a show cancelled, postponed, moved or taken off;
 * - at the allowance: nothing, until the month ends.
 */

import { readAskedInstant, type AskedInstant } from "./when-due";

/** Deploys a month when MONTHLY_DEPLOYS is not set: Free's 300 credits less room for functions and bandwidth. */
const DEFAULT_MONTHLY_DEPLOYS = 18;

/** The deploys kept for the owner's pushes (and for news), fewer for a very small allowance. */
export const reserveOf = (allowance: number) => Math.min(3, Math.floor(allowance / 4));

/** A show as the live site has it: its status and start, keyed by id. */
export type KnownShows = Record<string, string>;

/** The function's record of the month, kept between runs (Netlify Blobs). */
export type Month = {
  /** The month counted (UTC): "2026-11" from the 1st, "2026-11-14" from another day, the day it started. */
  month: string;
  /** When it ends (ISO 8601); null in a record kept before this was, read then from the month's name. */
  ends: string | null;
  /** The live record's `builtAt` the function last saw; null before it saw one. */
  builtAt: string | null;
  /** Deploys counted this month. */
  deploys: number;
  /** Builds the function asked whose deploy it has not seen yet. */
  unseen: number;
  /** The time instant (a live record's nextChangeAt) the function last asked a build for (./when-due.ts). */
  asked: AskedInstant | null;
  /** The day (UTC, "2026-11-28") the log last said the month's deploys are spent. */
  spentSaid: string | null;
  /**
   * The published shows the live site has (status and start), when the function last saw them current, or those
   * the last build it asked renders, when it asked one since: news (`newsOf`) is a change from these.
   */
  live: KnownShows | null;
  /** The digest of the published shows the last run read; null when it read none (./shows-due.ts). */
  seen: string | null;
  /** Whether the last run found the shows changing (./shows-due.ts, `showsChanging`); false in an older record. */
  changing: boolean;
  /**
   * Builds asked again for the shows the build before was asked for, which went live without them, since a run
   * last found the live site with the database's shows (./shows-due.ts); 0 in an older record.
   */
  reasked: number;
};

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The `day`th of a month (UTC), or the month's last day when it has fewer days. */
function dayIn(year: number, month: number, day: number): Date {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last)));
}

/** The counted month that holds `now`, starting on the `startDay`th (UTC): its name, its start and the next's. */
export function monthAt(now: Date, startDay = 1): { name: string; start: Date; next: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const thisOne = dayIn(year, month, startDay);
  const start = now >= thisOne ? thisOne : dayIn(year, month - 1, startDay);
  const next = dayIn(start.getUTCFullYear(), start.getUTCMonth() + 1, startDay);
  // From the 1st a month keeps the name it always had ("2026-11"), so a kept count reads on.
  const name = startDay === 1 ? dayOf(start).slice(0, 7) : dayOf(start);
  return { name, start, next };
}

/** A day as the log says it: "1 December". */
const dayText = (date: Date) =>
  new Intl.DateTimeFormat("en-IE", { timeZone: "UTC", day: "numeric", month: "long" }).format(date);

/**
 * The day the counted month starts, from DEPLOYS_MONTH_STARTS (the day of the month Netlify's credits reset),
 * or why it is not one (the 1st then holds). A day past a shorter month's end is that month's last.
 */
export function monthStartOf(value: string | undefined): { day: number; problem?: string } {
  if (value === undefined || value.trim() === "") return { day: 1 };
  const day = Number(value.trim());
  if (Number.isInteger(day) && day >= 1 && day <= 31) return { day };
  return {
    day: 1,
    problem:
      `DEPLOYS_MONTH_STARTS is "${value.slice(0, 40)}", not a day of the month from 1 to 31: ` +
      "the month's deploys are counted from the 1st.",
  };
}

/** The allowance in MONTHLY_DEPLOYS, or why it is not one (the default then holds). */
export function allowanceOf(value: string | undefined): { allowance: number; problem?: string } {
  if (value === undefined || value.trim() === "") return { allowance: DEFAULT_MONTHLY_DEPLOYS };
  const allowance = Number(value.trim());
  if (Number.isInteger(allowance) && allowance >= 1 && allowance <= 10_000) return { allowance };
  return {
    allowance: DEFAULT_MONTHLY_DEPLOYS,
    problem:
      `MONTHLY_DEPLOYS is "${value.slice(0, 40)}", not a whole number of deploys from 1 to 10000: ` +
      `${DEFAULT_MONTHLY_DEPLOYS} holds (Free's 300 credits; 64 on Personal).`,
  };
}

/** The kept record, or a new one when `value` is not one (nothing kept yet, or something else). */
export function readMonth(value: unknown): Month | null {
  const record = value as Partial<Month> | null;
  const count = (field: unknown) => typeof field === "number" && Number.isInteger(field) && field >= 0;
  const textOrNull = (field: unknown) => field === null || typeof field === "string";
  if (
    typeof record !== "object" ||
    record === null ||
    typeof record.month !== "string" ||
    !count(record.deploys) ||
    !count(record.unseen) ||
    !textOrNull(record.builtAt) ||
    !textOrNull(record.spentSaid)
  ) {
    return null;
  }
  const live =
    typeof record.live === "object" &&
    record.live !== null &&
    Object.values(record.live).every((entry) => typeof entry === "string")
      ? record.live
      : null;
  return {
    month: record.month,
    ends: typeof record.ends === "string" ? record.ends : null,
    builtAt: record.builtAt!,
    deploys: record.deploys!,
    unseen: record.unseen!,
    asked: readAskedInstant(record.asked),
    spentSaid: record.spentSaid!,
    live,
    seen: typeof record.seen === "string" ? record.seen : null,
    changing: record.changing === true,
    reasked: count(record.reasked) ? record.reasked! : 0,
  };
}

/** The kept month's name as [year, month, day] ("2026-11" is the 1st), or null when it is no month's name. */
function nameParts(record: Month): [number, number, number] | null {
  const match = /^(\d{4})-(\d\d)(?:-(\d\d))?$/.exec(record.month);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 1)] : null;
}

/** When the kept month ends: as kept, else from its name; never, as far as is known, when neither says. */
function endOf(record: Month): number {
  const kept = record.ends === null ? Number.NaN : Date.parse(record.ends);
  if (!Number.isNaN(kept)) return kept;
  const parts = nameParts(record);
  return parts ? dayIn(parts[0], parts[1], parts[2]).getTime() : Number.POSITIVE_INFINITY;
}

/**
 * The record once the run at `now` has seen the live `builtAt`: a new month starts from nothing, and a new
 * `builtAt` of this month is a deploy, the function's own when it asked one not yet seen, else a push. Whenever it
 * is not sure the kept month has ended, the count goes on: when the month's first day changes
 * (DEPLOYS_MONTH_STARTS set or changed) before the kept month ended, the new month takes its count whole, and a
 * kept record it cannot read the month of is counted on until its next month. A clock that reads a time before
 * the kept month began leaves the record as it is. A deploy counted twice costs a build at most; one missed may
 * cost the site.
 */
export function observe(kept: Month | null, builtAt: string, now: Date, startDay = 1): Month {
  const { name: month, start, next } = monthAt(now, startDay);
  const ends = next.toISOString();
  const empty = { deploys: 0, unseen: 0, spentSaid: null };
  let record: Month = kept ?? {
    month,
    ends,
    builtAt,
    ...empty,
    asked: null,
    live: null,
    seen: null,
    changing: false,
    reasked: 0,
  };
  const parts = nameParts(record);
  if (parts && now.getTime() < Date.UTC(parts[0], parts[1] - 1, parts[2])) return record;
  if (record.month !== month) {
    record = { ...record, month, ends, ...(endOf(record) > start.getTime() ? {} : empty) };
  } else if (record.ends !== ends) record = { ...record, ends };
  if (record.builtAt === builtAt) return record;
  const built = Date.parse(builtAt);
  // A record older than the last one seen is a cache's old copy (or an older deploy published again): no build.
  if (record.builtAt !== null && built < Date.parse(record.builtAt)) return record;
  const fresh = kept !== null && !Number.isNaN(built) && built >= start.getTime();
  if (!fresh) return { ...record, builtAt };
  return record.unseen > 0
    ? { ...record, builtAt, unseen: record.unseen - 1 }
    : { ...record, builtAt, deploys: record.deploys + 1 };
}

/** A published show as the REST API answers it; only its id, status and start are read here. */
type Show = { id?: unknown; status?: unknown; starts_at?: unknown };

/** A show as `KnownShows` keeps it: its status and its start in milliseconds. */
const entryOf = (show: Show) => `${String(show.status)} ${Date.parse(String(show.starts_at))}`;

/** The shows as `KnownShows`. */
export function knownOf(shows: readonly Show[]): KnownShows {
  return Object.fromEntries(shows.map((show) => [String(show.id), entryOf(show)]));
}

/**
 * The news fans must not miss in the database's `shows` against those the live site has (`live`; null when
 * the function never saw them): a show cancelled or postponed since, moved to another start, or taken off.
 * Returns it in words, or null when there is none.
 */
export function newsOf(shows: readonly Show[], live: KnownShows | null): string | null {
  const news: string[] = [];
  for (const show of shows) {
    const [id, now] = [String(show.id), entryOf(show)];
    const before = live ? live[id] : undefined;
    if (before === now) continue;
    if (show.status === "cancelled" || show.status === "postponed") news.push(`${id} ${show.status}`);
    else if (before !== undefined && before.split(" ")[1] !== now.split(" ")[1]) news.push(`${id} moved`);
  }
  const ids = new Set(shows.map((show) => String(show.id)));
  for (const id of Object.keys(live ?? {})) if (!ids.has(id)) news.push(`${id} taken off`);
  return news.length > 0 ? news.join(", ") : null;
}

/**
 * A build due, as the gate weighs it: for time (`news` when visitors' browsers cannot make the change themselves:
 * a release's day, a new year), or for the shows (`news` of a show a fan must not miss, in words).
 */
export type Due = { kind: "time"; news: boolean } | { kind: "shows"; news: string | null };

export type Gate = { build: true } | { build: false; why: string };

/** How much of the counted month that holds `now` has gone, from 0 at its start to 1 at its end. */
export function elapsedOf(now: Date, startDay = 1): number {
  const { start, next } = monthAt(now, startDay);
  return Math.min(1, Math.max(0, (now.getTime() - start.getTime()) / (next.getTime() - start.getTime())));
}

/**
 * Whether the month affords a build for `due` after `deploys` counted, `elapsed` of the month gone (0 to 1), and
 * why not.
 */
export function gate(due: readonly Due[], deploys: number, allowance: number, elapsed = 1): Gate {
  const reserve = reserveOf(allowance);
  const counted = `${deploys} of this month's ${allowance} deploys counted`;
  if (deploys >= allowance) return { build: false, why: `this month's ${allowance} deploys are spent` };
  const shows = due.some((item) => item.kind === "shows");
  const news = due.some((item) => Boolean(item.news));
  // What browsers show by their own clock is asked at the month's pace at most, so it never spends early in the
  // month the deploys the owner's pushes and the shows need later.
  const pace = (allowance - 2 * reserve) * elapsed;
  if (!shows && !news && deploys > pace) {
    return {
      build: false,
      why: `${counted}, ahead of the month's pace of ${Math.floor(pace)} by now for what browsers show by themselves`,
    };
  }
  if (deploys < allowance - 2 * reserve) return { build: true };
  if (deploys < allowance - reserve) {
    return shows || news
      ? { build: true }
      : { build: false, why: `${counted}, the last ${2 * reserve} kept for the shows and the owner's pushes` };
  }
  if (news) return { build: true };
  return { build: false, why: `${counted}, the last ${reserve} kept for the owner's pushes and news` };
}

/** The line the log says once a day while the month's deploys are spent, or null when not today. */
export function spentLine(record: Month, allowance: number, now: Date, startDay = 1): string | null {
  if (record.deploys < allowance || record.spentSaid === dayOf(now)) return null;
  const { start, next } = monthAt(now, startDay);
  const since = startDay === 1 ? "the 1st" : dayText(start);
  return (
    `This month's ${allowance} deploys are spent (${record.deploys} counted since ${since}, UTC): nothing more is ` +
    `asked until ${dayText(next)}; the site stays as it is, browsers still mark past shows. A push still ` +
    "deploys, and costs 15 credits of the month's."
  );
}

/** `record` once the spent line was said at `now`. */
export const saidSpent = (record: Month, now: Date): Month => ({ ...record, spentSaid: dayOf(now) });
