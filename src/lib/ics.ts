/**
 * iCalendar (RFC 5545) writer: events in, the text of a `.ics` file out.
 *
 * Pure and DOM-free, so the static tour feeds (built by Astro) and the team
 * calendar's export (in the browser) write the same format. It covers what
 * those need: all-day, Europe/Dublin wall-time and UTC events, TEXT escaping,
 * line folding at 75 octets and CRLF line ends. Invalid input (an impossible
 * date, an end before the start, a duplicate UID) throws an Error that names
 * the event, instead of writing a file calendar apps would reject or misread.
 */
import { joinContentLines } from "./content-lines";

/** The iCalendar MIME type (RFC 5545 section 8.1). */
export const ICS_MIME_TYPE = "text/calendar";

/** When an event starts or ends. */
type IcsDate =
  /** All-day, YYYY-MM-DD. */
  | { date: string }
  /** Local wall time YYYY-MM-DDTHH:mm:ss in Ireland, whatever the offset is on that day. */
  | { dateTime: string; timeZone: "Europe/Dublin" }
  /** An instant, written in UTC. */
  | { utc: Date };

export type IcsEvent = {
  /** Globally unique and stable across exports, so re-importing updates the event instead of duplicating it. */
  uid: string;
  start: IcsDate;
  /** Exclusive end. All-day events without one last one day; timed events without one have no duration. */
  end?: IcsDate;
  summary: string;
  description?: string;
  location?: string;
  /** Absolute URL. */
  url?: string;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  categories?: string[];
};

export type CalendarOptions = {
  /** Who wrote the file, e.g. "-//Orla Quinlan//Tour//EN". */
  prodId: string;
  /** Shown by Apple Calendar, Google Calendar and Outlook as the subscribed calendar's name. */
  name?: string;
  events: IcsEvent[];
  /** The moment the file is written: every event's DTSTAMP. */
  now: Date;
};

/**
 * Europe/Dublin the way calendar apps exchange it: GMT in winter, Irish
 * Summer Time (+01:00) from 01:00 UTC on the last Sunday of March to 01:00 UTC
 * on the last Sunday of October (the EU rule, in force since 1996 and for
 * every date we write). Each DTSTART is the local time just before the change.
 */
const DUBLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Dublin",
  "X-LIC-LOCATION:Europe/Dublin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:IST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped,
 * every kind of line break written as `\n`. Other control characters (which
 * the grammar does not allow, and which some parsers choke on) are removed;
 * tabs stay, they are allowed. Lone UTF-16 surrogates become U+FFFD.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g, (char) =>
        char === "\u2028" || char === "\u2029" ? "\n" : "",
      )
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
  );
}

/** Thrown for input that would make an invalid or misleading calendar. */
function invalid(eventUid: string | undefined, message: string): Error {
  return new Error(eventUid === undefined ? `Calendar: ${message}` : `Calendar event "${eventUid}": ${message}`);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "2025-04-23" → [2025, 4, 23] when it is a real day of the Gregorian calendar, else null. */
function parseDay(text: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** A property's parameters and value for one IcsDate, plus a key that sorts like the time it names. */
function formatDate(date: IcsDate, uid: string, which: "start" | "end") {
  if ("date" in date) {
    const day = typeof date.date === "string" ? parseDay(date.date) : null;
    if (!day) throw invalid(uid, `${which} date ${JSON.stringify(date.date)} is not a real date as YYYY-MM-DD`);
    const value = `${pad(day[0], 4)}${pad(day[1])}${pad(day[2])}`;
    return { kind: "date" as const, params: ";VALUE=DATE", value, sortKey: value };
  }
  if ("dateTime" in date) {
    if (date.timeZone !== "Europe/Dublin") {
      throw invalid(uid, `${which} time zone ${JSON.stringify(date.timeZone)} is not supported (only Europe/Dublin)`);
    }
    const match =
      typeof date.dateTime === "string" ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(date.dateTime) : null;
    const day = match ? parseDay(match[1]) : null;
    const [hours, minutes, seconds] = match ? match.slice(2).map(Number) : [];
    if (!match || !day || hours > 23 || minutes > 59 || seconds > 59) {
      throw invalid(uid, `${which} time ${JSON.stringify(date.dateTime)} is not a local time as YYYY-MM-DDTHH:mm:ss`);
    }
    const value = `${match[1].replace(/-/g, "")}T${match[2]}${match[3]}${match[4]}`;
    return { kind: "dateTime" as const, params: ";TZID=Europe/Dublin", value, sortKey: value };
  }
  if ("utc" in date && date.utc instanceof Date && !Number.isNaN(date.utc.getTime())) {
    return { kind: "utc" as const, params: "", value: formatUtc(date.utc), sortKey: formatUtc(date.utc) };
  }
  throw invalid(uid, `${which} is not a date, a Europe/Dublin time or a valid UTC instant`);
}

/** 20250423T190000Z */
function formatUtc(instant: Date): string {
  const y = instant.getUTCFullYear();
  if (y < 0 || y > 9999) throw invalid(undefined, `${instant.toISOString()} is outside the years 0000 to 9999`);
  return (
    `${pad(y, 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** The day after a YYYYMMDD value, as YYYYMMDD. */
function nextDay(value: string): string {
  const next = new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6)) + 1));
  return `${pad(next.getUTCFullYear(), 4)}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
}

/** A URI value: not TEXT-escaped (RFC 5545 3.3.13), but it must be an absolute URL on one line. */
function formatUrl(url: string, uid: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(uid, `url ${JSON.stringify(url)} is not an absolute URL`);
  }
  return parsed.href;
}

const STATUSES = new Set(["CONFIRMED", "TENTATIVE", "CANCELLED"]);

function eventLines(event: IcsEvent, dtstamp: string): string[] {
  const uid = typeof event.uid === "string" ? event.uid : "";
  if (uid.trim() === "") throw invalid(undefined, "every event needs a non-empty uid");
  if (typeof event.summary !== "string") throw invalid(uid, "summary must be text");
  const start = formatDate(event.start, uid, "start");
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(uid)}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART${start.params}:${start.value}`,
  ];
  if (event.end !== undefined) {
    const end = formatDate(event.end, uid, "end");
    // RFC 5545 3.6.1: DTEND has DTSTART's value type; a UTC end and a Dublin start are not comparable here.
    if ((start.kind === "date") !== (end.kind === "date") || (start.kind !== "date" && start.kind !== end.kind)) {
      throw invalid(uid, "start and end must both be all-day dates, both Europe/Dublin times or both UTC");
    }
    if (end.sortKey <= start.sortKey) throw invalid(uid, "end must be after start");
    lines.push(`DTEND${end.params}:${end.value}`);
  } else if (start.kind === "date") {
    lines.push(`DTEND;VALUE=DATE:${nextDay(start.value)}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description !== undefined) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location !== undefined) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url !== undefined) lines.push(`URL:${formatUrl(event.url, uid)}`);
  if (event.status !== undefined) {
    if (!STATUSES.has(event.status)) throw invalid(uid, `status ${JSON.stringify(event.status)} is not allowed`);
    lines.push(`STATUS:${event.status}`);
  }
  const categories = (event.categories ?? []).filter((category) => category.trim() !== "");
  if (categories.length > 0) lines.push(`CATEGORIES:${categories.map(escapeText).join(",")}`);
  lines.push("END:VEVENT");
  return lines;
}

/** The whole `.ics` file: a VCALENDAR with the events in the order given, CRLF line ends, folded. */
export function buildCalendar(options: CalendarOptions): string {
  const { prodId, name, events, now } = options;
  if (typeof prodId !== "string" || prodId.trim() === "") throw invalid(undefined, "prodId must be non-empty text");
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw invalid(undefined, "now must be a valid Date");
  if (!Array.isArray(events)) throw invalid(undefined, "events must be a list");
  const dtstamp = formatUtc(now);
  const seen = new Set<string>();
  const eventBlocks = events.map((event) => {
    if (event === null || typeof event !== "object") throw invalid(undefined, "every event must be an object");
    if (seen.has(event.uid)) throw invalid(event.uid, "the same uid is used by two events");
    seen.add(event.uid);
    return eventLines(event, dtstamp);
  });
  const usesDublin = events.some((event) => [event.start, event.end].some((date) => date && "dateTime" in date));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(prodId)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name !== undefined ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...(usesDublin ? DUBLIN_VTIMEZONE : []),
    ...eventBlocks.flat(),
    "END:VCALENDAR",
  ];
  return joinContentLines(lines);
}
