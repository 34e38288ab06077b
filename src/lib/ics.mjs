// @ts-check
/**
 * iCalendar (RFC 5545) files: events in, the text of a `.ics` file out, written with ical.js's
 * component model (its escaping, value types and line folding at 75 octets).
 *
 * Pure and DOM-free, so the static tour feeds (built by Astro), the team's subscribed feed (a Netlify
 * function) and the team calendar's export (in the browser) write the same format. What is ours is what
 * the library leaves to its caller: all-day, Europe/Dublin wall-time and UTC events checked before they
 * are written, the Europe/Dublin VTIMEZONE, text cleaned of what the grammar does not allow, and the
 * properties a subscribed calendar needs (RFC 7986). Invalid input (an impossible date, an end before
 * the start, a duplicate UID) throws an Error that names the event, instead of writing a file calendar
 * apps would reject or misread. Plain JavaScript (typed by its JSDoc) so the feed's function runs it
 * as it is, on Netlify and behind `npm start` alike.
 */
import ICAL from "ical.js";
import { DUBLIN_VTIMEZONE } from "./dublin-time.mjs";

/** iCalendar's line break (src/lib/content-lines.ts has the same for the other text formats). */
const CRLF = "\r\n";

/** @typedef {InstanceType<typeof ICAL.Component>} Component */
/** @typedef {InstanceType<typeof ICAL.Time>} Time */

/** The iCalendar MIME type (RFC 5545 section 8.1). */
export const ICS_MIME_TYPE = "text/calendar";

// Properties ical.js does not know it writes raw; these are TEXT (RFC 7986 NAME; X-WR-CALNAME by the
// convention of Apple, Google and Outlook) and must be escaped like any other text.
for (const name of ["name", "x-wr-calname", "x-published-ttl"]) {
  ICAL.design.icalendar.property[name] ??= /** @type {any} */ ({ defaultType: "text" });
}

/**
 * When an event starts or ends: all-day (YYYY-MM-DD); local wall time YYYY-MM-DDTHH:mm:ss in Ireland,
 * whatever the offset is on that day; or an instant, written in UTC.
 * @typedef {{ date: string } | { dateTime: string, timeZone: "Europe/Dublin" } | { utc: Date }} IcsDate
 */

/**
 * @typedef {object} IcsEvent
 * @property {string} uid Globally unique and stable across exports, so re-importing updates the event instead of duplicating it.
 * @property {IcsDate} start
 * @property {IcsDate} [end] Exclusive end. All-day events without one last one day; timed events without one have no duration.
 * @property {string} summary
 * @property {string} [description]
 * @property {string} [location]
 * @property {string} [url] Absolute URL.
 * @property {"CONFIRMED" | "TENTATIVE" | "CANCELLED"} [status]
 * @property {string[]} [categories]
 * @property {number} [sequence] The event's version: raised by every change, so a subscribed calendar takes the newer one.
 * @property {Date} [lastModified] When the event last changed.
 */

/**
 * @typedef {object} CalendarOptions
 * @property {string} prodId Who wrote the file, e.g. "-//Orla Quinlan//Tour//EN".
 * @property {string} [name] Shown by Apple Calendar, Google Calendar and Outlook as the subscribed calendar's name.
 * @property {IcsEvent[]} events
 * @property {Date} now The moment the file is written: every event's DTSTAMP.
 * @property {string} [refresh] For a calendar apps subscribe to: how often to fetch it again, as an ISO 8601
 *   duration ("PT1H"), written as REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL (Outlook, Apple), with NAME
 *   beside X-WR-CALNAME and the Europe/Dublin VTIMEZONE whatever the events use.
 */

/**
 * Text as iCalendar may carry it: control characters other than tabs and line breaks (which the
 * grammar does not allow, and which some parsers choke on) removed, the line and paragraph separators
 * made line breaks, and lone UTF-16 surrogates (which UTF-8 cannot encode) made U+FFFD. The library
 * escapes what is left.
 */
/**
 * @param {string} value
 * @returns {string}
 */
export function cleanText(value) {
  return (
    value
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g, (char) =>
        char === "\u2028" || char === "\u2029" ? "\n" : "",
      )
      .replace(/\r\n|\r/g, "\n")
  );
}

/**
 * Thrown for input that would make an invalid or misleading calendar.
 * @param {string | undefined} eventUid
 * @param {string} message
 */
function invalid(eventUid, message) {
  return new Error(eventUid === undefined ? `Calendar: ${message}` : `Calendar event "${eventUid}": ${message}`);
}

/**
 * "2025-04-23" → [2025, 4, 23] when it is a real day of the Gregorian calendar, else null.
 * @param {string} text
 * @returns {[number, number, number] | null}
 */
function parseDay(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return [year, month, day];
}

/**
 * A date or time as ical.js writes it, its TZID if any, and a key that sorts like the time it names.
 * @param {IcsDate} date
 * @param {string} uid
 * @param {"start" | "end"} which
 * @returns {{ kind: "date" | "dateTime" | "utc", time: Time, tzid: string | undefined, sortKey: string }}
 */
function toTime(date, uid, which) {
  if ("date" in date) {
    const day = typeof date.date === "string" ? parseDay(date.date) : null;
    if (!day) throw invalid(uid, `${which} date ${JSON.stringify(date.date)} is not a real date as YYYY-MM-DD`);
    const time = ICAL.Time.fromData({ year: day[0], month: day[1], day: day[2], isDate: true });
    return { kind: "date", time, tzid: undefined, sortKey: date.date };
  }
  if ("dateTime" in date) {
    if (date.timeZone !== "Europe/Dublin") {
      throw invalid(uid, `${which} time zone ${JSON.stringify(date.timeZone)} is not supported (only Europe/Dublin)`);
    }
    const match =
      typeof date.dateTime === "string" ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(date.dateTime) : null;
    const day = match ? parseDay(match[1]) : null;
    const [hour, minute, second] = match ? match.slice(2).map(Number) : [];
    if (!match || !day || hour > 23 || minute > 59 || second > 59) {
      throw invalid(uid, `${which} time ${JSON.stringify(date.dateTime)} is not a local time as YYYY-MM-DDTHH:mm:ss`);
    }
    const time = ICAL.Time.fromData({ year: day[0], month: day[1], day: day[2], hour, minute, second });
    return { kind: "dateTime", time, tzid: "Europe/Dublin", sortKey: date.dateTime };
  }
  if ("utc" in date && date.utc instanceof Date && !Number.isNaN(date.utc.getTime())) {
    return { kind: "utc", time: utcTime(date.utc), tzid: undefined, sortKey: date.utc.toISOString() };
  }
  throw invalid(uid, `${which} is not a date, a Europe/Dublin time or a valid UTC instant`);
}

/**
 * An instant as a UTC DATE-TIME, to the second.
 * @param {Date} instant
 * @returns {Time}
 */
function utcTime(instant) {
  const year = instant.getUTCFullYear();
  if (year < 0 || year > 9999) throw invalid(undefined, `${instant.toISOString()} is outside the years 0000 to 9999`);
  return ICAL.Time.fromData(
    {
      year,
      month: instant.getUTCMonth() + 1,
      day: instant.getUTCDate(),
      hour: instant.getUTCHours(),
      minute: instant.getUTCMinutes(),
      second: instant.getUTCSeconds(),
    },
    ICAL.Timezone.utcTimezone,
  );
}

/**
 * A URI value: not TEXT-escaped (RFC 5545 3.3.13), but it must be an absolute URL on one line.
 * @param {string} url
 * @param {string} uid
 */
function checkedUrl(url, uid) {
  try {
    return new URL(url).href;
  } catch {
    throw invalid(uid, `url ${JSON.stringify(url)} is not an absolute URL`);
  }
}

const STATUSES = new Set(["CONFIRMED", "TENTATIVE", "CANCELLED"]);

/**
 * @param {Component} component
 * @param {string} name
 * @param {ReturnType<typeof toTime>} value
 */
function addTime(component, name, value) {
  const property = component.addPropertyWithValue(name, value.time);
  if (value.tzid) property.setParameter("tzid", value.tzid);
}

/**
 * @param {IcsEvent} event
 * @param {Time} dtstamp
 * @returns {{ component: Component, usesDublin: boolean }}
 */
function eventComponent(event, dtstamp) {
  const uid = typeof event.uid === "string" ? event.uid : "";
  if (uid.trim() === "") throw invalid(undefined, "every event needs a non-empty uid");
  if (typeof event.summary !== "string") throw invalid(uid, "summary must be text");
  const component = new ICAL.Component("vevent");
  component.addPropertyWithValue("uid", cleanText(uid));
  component.addPropertyWithValue("dtstamp", dtstamp);
  const start = toTime(event.start, uid, "start");
  addTime(component, "dtstart", start);
  let usesDublin = start.kind === "dateTime";
  if (event.end !== undefined) {
    const end = toTime(event.end, uid, "end");
    // RFC 5545 3.6.1: DTEND has DTSTART's value type; a UTC end and a Dublin start are not comparable here.
    if (start.kind !== end.kind) {
      throw invalid(uid, "start and end must both be all-day dates, both Europe/Dublin times or both UTC");
    }
    if (end.sortKey <= start.sortKey) throw invalid(uid, "end must be after start");
    addTime(component, "dtend", end);
    usesDublin ||= end.kind === "dateTime";
  } else if (start.kind === "date") {
    const next = start.time.clone();
    next.adjust(1, 0, 0, 0);
    component.addPropertyWithValue("dtend", next);
  }
  if (event.sequence !== undefined) {
    if (!Number.isSafeInteger(event.sequence) || event.sequence < 0) {
      throw invalid(uid, `sequence ${JSON.stringify(event.sequence)} is not a whole number from 0`);
    }
    component.addPropertyWithValue("sequence", event.sequence);
  }
  if (event.lastModified !== undefined) {
    if (!(event.lastModified instanceof Date) || Number.isNaN(event.lastModified.getTime())) {
      throw invalid(uid, "lastModified is not a valid Date");
    }
    component.addPropertyWithValue("last-modified", utcTime(event.lastModified));
  }
  component.addPropertyWithValue("summary", cleanText(event.summary));
  if (event.description !== undefined) component.addPropertyWithValue("description", cleanText(event.description));
  if (event.location !== undefined) component.addPropertyWithValue("location", cleanText(event.location));
  if (event.url !== undefined) component.addPropertyWithValue("url", checkedUrl(event.url, uid));
  if (event.status !== undefined) {
    if (!STATUSES.has(event.status)) throw invalid(uid, `status ${JSON.stringify(event.status)} is not allowed`);
    component.addPropertyWithValue("status", event.status);
  }
  const categories = (event.categories ?? []).filter((category) => category.trim() !== "").map(cleanText);
  if (categories.length > 0) component.addProperty(new ICAL.Property("categories")).setValues(categories);
  return { component, usesDublin };
}

/**
 * The whole `.ics` file: a VCALENDAR with the events in the order given, CRLF line ends, folded.
 * @param {CalendarOptions} options
 * @returns {string}
 */
export function buildCalendar(options) {
  const { prodId, name, events, now, refresh } = options;
  if (typeof prodId !== "string" || prodId.trim() === "") throw invalid(undefined, "prodId must be non-empty text");
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw invalid(undefined, "now must be a valid Date");
  if (!Array.isArray(events)) throw invalid(undefined, "events must be a list");
  if (refresh !== undefined && !/^P(T(\d+H)?(\d+M)?|\d+D)$/.test(refresh)) {
    throw invalid(undefined, `refresh ${JSON.stringify(refresh)} is not a duration such as PT1H`);
  }
  const dtstamp = utcTime(now);
  /** @type {Set<string>} */
  const seen = new Set();
  let usesDublin = refresh !== undefined;
  const components = events.map((event) => {
    if (event === null || typeof event !== "object") throw invalid(undefined, "every event must be an object");
    if (seen.has(event.uid)) throw invalid(event.uid, "the same uid is used by two events");
    seen.add(event.uid);
    const written = eventComponent(event, dtstamp);
    usesDublin ||= written.usesDublin;
    return written.component;
  });

  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", cleanText(prodId));
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  if (name !== undefined) {
    if (refresh !== undefined) calendar.addPropertyWithValue("name", cleanText(name));
    calendar.addPropertyWithValue("x-wr-calname", cleanText(name));
  }
  if (refresh !== undefined) {
    // ical.js writes the VALUE=DURATION that RFC 7986 requires here.
    calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString(refresh));
    calendar.addPropertyWithValue("x-published-ttl", refresh);
  }
  if (usesDublin) calendar.addSubcomponent(new ICAL.Component(ICAL.parse(DUBLIN_VTIMEZONE)));
  for (const component of components) calendar.addSubcomponent(component);
  // ical.js folds each piece to `foldLength` octets and then puts the continuation's space in front of it:
  // 74 keeps every physical line within RFC 5545's 75.
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    return calendar.toString() + CRLF;
  } finally {
    ICAL.foldLength = foldLength;
  }
}
