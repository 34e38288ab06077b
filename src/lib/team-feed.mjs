// @ts-check
/**
 * The team's subscribed calendar: what the database function public.team_calendar_feed answers for the
 * current secret (supabase/migrations/20250111060000_team_calendar_feed.sql), checked and written as an
 * iCalendar feed a phone's calendar app keeps fetching. Pure; the feed's function
 * (netlify/functions/team-calendar/) calls it. Entries of any kind share one shape (the columns of
 * private.team_feed_entries): team events are all-day; a gig with a show (20250113000000_team_feed_shows.sql)
 * is timed from its doors in the venue's zone, at the venue, with the show's status.
 */
import { dublinSpan } from "./dublin-time.mjs";
import { countryInAddress } from "./countries.mjs";
import { buildCalendar } from "./ics.mjs";

/** How often a subscribed calendar app fetches the feed again. */
const FEED_REFRESH = "PT1H";

/**
 * One entry of the feed, as the database function gives it.
 * @typedef {object} FeedEntry
 * @property {string} id Stable, unique among all entries: the UID is made of it.
 * @property {string} kind "event" (a team calendar event) or another kind of entry.
 * @property {string} title
 * @property {string | null} description
 * @property {string | null} location
 * @property {string | null} category
 * @property {boolean} all_day
 * @property {string | null} start_day YYYY-MM-DD, for an all-day entry.
 * @property {string | null} end_day YYYY-MM-DD, the last day (inclusive), for an all-day entry.
 * @property {string | null} starts_at An instant, for a timed entry.
 * @property {string | null} ends_at An instant, for a timed entry.
 * @property {string | null} time_zone The zone a timed entry is shown in ("Europe/Dublin"); others are written in UTC.
 * @property {"CONFIRMED" | "TENTATIVE" | "CANCELLED"} status
 * @property {number} sequence Raised by every change.
 * @property {string} updated_at When it last changed.
 */

/** @typedef {{ made_at: string, entries: FeedEntry[] }} Feed */

/** @param {unknown} value */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** @param {unknown} value */
const optionalText = (value) => value === null || typeof value === "string";

/**
 * The database's answer as a feed, or an Error saying what is wrong with it (the function answers 502).
 * @param {unknown} answer
 * @returns {Feed}
 */
export function checkedFeed(answer) {
  if (!isObject(answer) || !Array.isArray(/** @type {Record<string, unknown>} */ (answer).entries)) {
    throw new Error("The feed's answer is not an object with a list of entries");
  }
  const { entries } = /** @type {{ entries: unknown[] }} */ (answer);
  entries.forEach((entry, index) => {
    const fields = /** @type {Record<string, unknown>} */ (isObject(entry) ? entry : {});
    const wrong = [
      typeof fields.id !== "string" || fields.id === "" ? "id" : null,
      typeof fields.title !== "string" ? "title" : null,
      typeof fields.all_day !== "boolean" ? "all_day" : null,
      !["CONFIRMED", "TENTATIVE", "CANCELLED"].includes(/** @type {string} */ (fields.status)) ? "status" : null,
      !Number.isSafeInteger(fields.sequence) ? "sequence" : null,
      typeof fields.updated_at !== "string" ? "updated_at" : null,
      ...["description", "location", "category", "start_day", "end_day", "starts_at", "ends_at", "time_zone"].map(
        (name) => (optionalText(fields[name]) ? null : name),
      ),
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(`Feed entry ${index + 1}: ${wrong.join(", ")} missing or malformed`);
  });
  return /** @type {Feed} */ (answer);
}

/**
 * The day after a YYYY-MM-DD day (an all-day end is exclusive in iCalendar).
 * @param {string} day
 */
function dayAfter(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * A time of an entry, read.
 * @param {string} instant
 * @param {string} id
 */
function timeOf(instant, id) {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new Error(`Feed entry "${id}": ${JSON.stringify(instant)} is not a time`);
  return date;
}

/**
 * An entry's location as a person reads it: a show's ends with its venue's country, which the database keeps
 * as its two letters (IE) and the feed names (Ireland), as /tour.ics does.
 * @param {FeedEntry} entry
 * @param {string} location
 */
function readableLocation(entry, location) {
  if (entry.kind !== "show") return location;
  return location.replace(/, ([A-Z]{2})$/, (_, code) => `, ${countryInAddress(code)}`);
}

/**
 * One entry as a calendar event.
 * @param {FeedEntry} entry
 * @param {string} host The UIDs' domain: the same UID as the calendar's export gives the event.
 * @returns {import("./ics.mjs").IcsEvent}
 */
function entryEvent(entry, host) {
  /** @type {Pick<import("./ics.mjs").IcsEvent, "start" | "end">} */
  let when;
  if (entry.all_day) {
    if (!entry.start_day || !entry.end_day)
      throw new Error(`Feed entry "${entry.id}": an all-day entry needs its days`);
    when = {
      start: { date: entry.start_day },
      ...(entry.end_day > entry.start_day ? { end: { date: dayAfter(entry.end_day) } } : {}),
    };
  } else {
    if (!entry.starts_at) throw new Error(`Feed entry "${entry.id}": a timed entry needs its start`);
    // Wall time when its zone is Ireland's (dublinSpan), else the instants in UTC.
    const start = timeOf(entry.starts_at, entry.id);
    const end = entry.ends_at ? timeOf(entry.ends_at, entry.id) : undefined;
    when =
      entry.time_zone === "Europe/Dublin"
        ? dublinSpan(start, end)
        : { start: { utc: start }, ...(end ? { end: { utc: end } } : {}) };
  }
  return {
    uid: `${entry.id}@${host}`,
    ...when,
    summary: entry.status === "CANCELLED" ? `Cancelled: ${entry.title}` : entry.title,
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.location ? { location: readableLocation(entry, entry.location) } : {}),
    status: entry.status,
    ...(entry.category ? { categories: [entry.category] } : {}),
    sequence: entry.sequence,
    lastModified: new Date(entry.updated_at),
  };
}

/**
 * The feed as an .ics text: every entry in the database's order, named as the team's calendar, with what a
 * subscribing app needs (NAME, X-WR-CALNAME, the refresh interval, the Europe/Dublin VTIMEZONE).
 * @param {Feed} feed
 * @param {{ host: string, now: Date }} options `host`: the site's host name, which the UIDs and the name carry.
 */
export function teamFeedCalendar(feed, { host, now }) {
  return buildCalendar({
    prodId: `-//${host}//Team calendar//EN`,
    name: `Team calendar (${host})`,
    events: feed.entries.map((entry) => entryEvent(entry, host)),
    now,
    refresh: FEED_REFRESH,
  });
}
