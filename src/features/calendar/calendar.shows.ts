/**
 * The published shows as the team's calendar shows them: the rows read back (checked, so one odd row
 * never breaks the page), how each stands in words (on sale, postponed, rescheduled from…, sold out,
 * cancelled), whether the live site already shows its latest version, a show's doors in the venue's
 * time as the team reads them, and the day each gig is on as its show has it.
 */
import type { Database } from "../../lib/database.types";
import { formatDateTime } from "../../lib/dates";
import { eventDayKey, type CalendarEvent } from "./calendar";
import { wallTimeIn } from "./calendar.zones";
import { canonicalShows } from "../../lib/show-columns.mjs";
import { isOverAt } from "../../lib/show-rules.mjs";

/** A show as the team reads it: every column. */
export type Show = Database["public"]["Tables"]["shows"]["Row"];

/** The rows of a select, checked: a row without an id, a gig, a start or a version is dropped. */
export function toShows(rows: unknown): Show[] {
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (row): row is Show =>
      !!row &&
      typeof row === "object" &&
      typeof (row as Show).id === "string" &&
      typeof (row as Show).event_id === "string" &&
      typeof (row as Show).starts_at === "string" &&
      !Number.isNaN(Date.parse((row as Show).starts_at)) &&
      typeof (row as Show).version === "number" &&
      typeof (row as Show).updated_at === "string",
  );
}

/**
 * The live site's build record (/build-info.json): when it was built and, where the record says it, the
 * digest of the published shows it renders (src/lib/published-shows.mjs).
 */
export type LiveBuild = { builtAt: string; showsDigest?: string };

/** /build-info.json's answer, checked: null for anything that is not a record with a time. */
export function toLiveBuild(value: unknown): LiveBuild | null {
  if (!value || typeof value !== "object") return null;
  const { builtAt, showsDigest } = value as Record<string, unknown>;
  if (typeof builtAt !== "string" || Number.isNaN(Date.parse(builtAt))) return null;
  return typeof showsDigest === "string" && /^[0-9a-f]{64}$/.test(showsDigest) ? { builtAt, showsDigest } : { builtAt };
}

/**
 * The digest of the published shows as anyone reads them (their public columns), as the build records it
 * (showsDigest in src/lib/published-shows.mjs, from the same canonicalShows): equal to the live build's
 * once the live site shows every published show as it is now.
 */
export async function publishedDigest(shows: readonly Show[]): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalShows(shows.filter((show) => show.published)));
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const STANDING_WORDS = {
  live: "On the website",
  soon: "On the website in a few minutes",
  waiting: "Waiting for the website's next build",
  off: "Not on the website",
  leaving: "Off the website in a few minutes",
  lingering: "Still on the website: waiting for its next build",
} as const;

/**
 * How long after a change the live site may still be behind before "in a few minutes" stops being true: the
 * scheduled function asks within ten minutes of a change after a quiet spell (twenty for the last change of a sitting
 * that goes on across its runs) and a build takes a few, so past half an hour the build failed or waits (the
 * month's deploys kept for news, or spent: README, "What the site costs a month").
 */
export const FEW_MINUTES_MS = 30 * 60_000;

export type Standing = keyof typeof STANDING_WORDS;

/**
 * Where each show stands, by id. When the live record carries the digest of what it renders: the same digest
 * as the shows now, every show is where it is meant to be; another, and the shows changed since the build began
 * are behind (the build reads the shows before it records its time, so the latest change is behind even when it
 * came just before that time). Without a digest, a show is where it is meant to be once the build's time is
 * after its latest version. A published show is "live", or "soon" while behind; a show taken off the website is
 * "off", or "leaving" while behind (fans still see it for a few minutes). Behind for longer than
 * `FEW_MINUTES_MS` since its change (at `now`, in ms), a published show is "waiting" and one taken off
 * "lingering". Without a record, a published show is "soon" (nothing says for how long), and a show taken off
 * "leaving" for a few minutes after its change, then "off": fans lose it at once (the database no longer answers
 * it to them), the live pages at their next build, which the record would say was long overdue.
 */
export function showStandings(shows: readonly Show[], build: LiveBuild | null, digestNow: string | null, now: number) {
  const standings = new Map<string, Standing>();
  const builtAt = build ? Date.parse(build.builtAt) : Number.NaN;
  const agrees = build?.showsDigest !== undefined && build.showsDigest === digestNow;
  // The latest change of any show, published or taken off: either changes what the live site renders.
  let latest: Show | null = null;
  for (const show of shows) {
    if (!latest || Date.parse(show.updated_at) > Date.parse(latest.updated_at)) latest = show;
  }
  const isBehind = (show: Show) => {
    if (!build) return true;
    if (agrees) return false;
    return Date.parse(show.updated_at) >= builtAt || (build.showsDigest !== undefined && show === latest);
  };
  for (const show of shows) {
    const long = now - Date.parse(show.updated_at) > FEW_MINUTES_MS;
    if (!isBehind(show)) standings.set(show.id, show.published ? "live" : "off");
    else if (show.published) standings.set(show.id, build && long ? "waiting" : "soon");
    else standings.set(show.id, long ? (build ? "lingering" : "off") : "leaving");
  }
  return standings;
}

/** A show's status (statusText), and "off the website" after it once it is taken off. */
export const statusOnWebsite = (show: Parameters<typeof statusText>[0] & Pick<Show, "published">, now?: Date) =>
  statusText(show, now) + (show.published ? "" : " · off the website");

/** A show's doors on a clock in its venue's time zone: "Nov 28, 2027, 20:00 (Europe/Dublin)". */
export function doorsText(instant: string, timeZone: string): string {
  try {
    return `${formatDateTime(new Date(instant), { timeZone })} (${timeZone})`;
  } catch {
    // A zone the database knows and this browser does not: the time in UTC, said so.
    return `${formatDateTime(new Date(instant), { timeZone: "UTC" })} (UTC; the venue's zone is ${timeZone})`;
  }
}

/**
 * The change that moves a show to `startsAt`, keeping the start it was announced with: moved twice, it still
 * says the day its tickets were sold for, not the one in between (a day mistyped and put right says nothing
 * of the mistake). Moved back to that start, it is no longer rescheduled. A sold-out show stays sold out: its
 * previous start is what says it moved (`statusText`, and the site's tour card). A cancelled show stays cancelled:
 * new doors (in its details form) never put it back on for fans; only a Restore, which asks, does.
 */
export function rescheduledTo(show: Pick<Show, "status" | "starts_at" | "previous_starts_at">, startsAt: string) {
  const announced = show.previous_starts_at ?? show.starts_at;
  const back = Date.parse(announced) === Date.parse(startsAt);
  const kept = show.status === "sold-out" || show.status === "cancelled" ? show.status : null;
  return {
    status: kept ?? (back ? ("scheduled" as const) : ("rescheduled" as const)),
    starts_at: startsAt,
    previous_starts_at: back ? null : announced,
  };
}

/** Whether a show's tickets are sold out: by its status, or (a postponed show's) by its availability. */
export const isSoldOut = (show: Pick<Show, "status" | "availability">) =>
  show.status === "sold-out" || show.availability === "sold-out";

/**
 * The change a status button makes, or null when the button is not offered. Sold out and postponed are both true
 * of a show at once: marked sold out, a postponed show stays postponed (its tickets' availability says it), and
 * postponed, a sold-out show stays sold out; fans read both on /tour. The database keeps an availability only
 * with a price: a postponed show without one is not offered "Mark sold out", and a sold-out one without one is
 * postponed only. Back on sale, a sold-out show is as it was before (rescheduled, if it was), and its tickets say
 * no availability rather than a sold-out one.
 */
export function statusChange(
  show: Pick<Show, "status" | "availability" | "price" | "previous_starts_at">,
  status: "postponed" | "sold-out" | "cancelled" | "on-sale",
): { status?: Show["status"]; availability?: "sold-out" | null } | null {
  if (status === "on-sale") return backOnSale(show);
  if (status === "sold-out" ? isSoldOut(show) : show.status === status) return null;
  const priced = show.price !== null;
  if (status === "sold-out" && show.status === "postponed") return priced ? { availability: "sold-out" } : null;
  if (status === "postponed" && show.status === "sold-out" && priced) {
    return { status: "postponed", availability: "sold-out" };
  }
  return { status };
}

/** The status buttons a show's panel may offer, in the order it shows them. */
const STATUS_BUTTONS = ["postponed", "sold-out", "on-sale", "cancelled"] as const;

/** The status buttons offered for `show`: those whose change would change it (statusChange). */
export const offeredStatuses = (show: Parameters<typeof statusChange>[0]) =>
  STATUS_BUTTONS.filter((status) => statusChange(show, status) !== null);

/** The change that puts a sold-out show's tickets back on sale, or null when they are not sold out. */
function backOnSale(show: Pick<Show, "status" | "availability" | "previous_starts_at">) {
  if (!isSoldOut(show) || show.status === "cancelled") return null;
  const unsold = show.availability === "sold-out" ? { availability: null } : {};
  if (show.status !== "sold-out") return unsold;
  return { status: show.previous_starts_at ? ("rescheduled" as const) : ("scheduled" as const), ...unsold };
}

/**
 * A show's status in words, with the start a rescheduled show had; given `now`, a show over by then (three hours
 * after its doors, as the site counts one) that went ahead is a "Past show", as /tour marks it.
 */
export function statusText(
  show: Pick<Show, "status" | "previous_starts_at" | "time_zone" | "starts_at"> & Partial<Pick<Show, "availability">>,
  now?: Date,
): string {
  if (now !== undefined && isOverAt(show.starts_at, now) && show.status !== "cancelled" && show.status !== "postponed")
    return "Past show";
  switch (show.status) {
    case "postponed":
      return show.availability === "sold-out" ? "Postponed, sold out" : "Postponed";
    case "rescheduled":
      // Moved once sold out, its tickets are still all gone (its availability says so, as /tour does).
      if (show.availability !== "sold-out") {
        return show.previous_starts_at
          ? `Rescheduled (was ${doorsText(show.previous_starts_at, show.time_zone)})`
          : "Rescheduled";
      }
    // falls through
    case "sold-out":
      return show.previous_starts_at
        ? `Sold out, rescheduled (was ${doorsText(show.previous_starts_at, show.time_zone)})`
        : "Sold out";
    case "cancelled":
      return "Cancelled";
    default:
      return "Scheduled";
  }
}

/**
 * The events as the calendar places them: a gig put on the website sits on its show's day (the day of its
 * doors where the venue is), so a show rescheduled from its panel moves in the month, in the day's list and in
 * Upcoming Events, as it does in the team's phone feed, and nobody books that day twice. The event itself is
 * kept as it was added (events are add-only); only where it is shown follows the show, and whether it is
 * cancelled (its dot drawn hollow, its name saying so).
 */
export function placedAtShows(events: readonly CalendarEvent[], shows: readonly Show[]): CalendarEvent[] {
  const showOf = new Map(shows.map((show) => [show.event_id, show]));
  return events.map((event) => {
    const show = showOf.get(event.id);
    if (!show) return event;
    const placed = { ...event, doors: show.starts_at, ...(show.status === "cancelled" && { cancelled: true }) };
    const { date: day } = wallTimeIn(show.starts_at, show.time_zone);
    // No day for a zone this browser does not know: where it was added.
    if (day === "" || day === eventDayKey(event)) return placed;
    const moved = Date.parse(`${day}T12:00:00.000Z`) - Date.parse(`${eventDayKey(event)}T12:00:00.000Z`);
    const shift = (stored: string) => new Date(Date.parse(stored) + moved).toISOString();
    return { ...placed, start_date: shift(event.start_date), end_date: shift(event.end_date) };
  });
}
