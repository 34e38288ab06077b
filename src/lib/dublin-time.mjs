// @ts-check
/**
 * Ireland's clock, as the calendar files write it: the Europe/Dublin VTIMEZONE that calendar apps exchange,
 * and the wall time a clock in Dublin shows at an instant (summer time included). Plain JavaScript, as
 * src/lib/ics.mjs is, so the team feed's function runs it as it is.
 */

/** iCalendar's line break. */
const CRLF = "\r\n";

/**
 * Europe/Dublin the way calendar apps exchange it: GMT in winter, Irish
 * Summer Time (+01:00) from 01:00 UTC on the last Sunday of March to 01:00 UTC
 * on the last Sunday of October (the EU rule, in force since 1996 and for
 * every date we write). Each DTSTART is the local time just before the change.
 */
export const DUBLIN_VTIMEZONE = [
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
].join(CRLF);

const dublinClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Dublin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * What a clock in Dublin shows at `instant`, as YYYY-MM-DDTHH:mm:ss (summer time included).
 * @param {Date} instant
 */
export function dublinWallTime(instant) {
  const parts = Object.fromEntries(dublinClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * An instant as the calendar files write it: Dublin wall time with its zone, so a calendar app shows it as the
 * venue's clock does, summer time included; or null when that wall time comes twice and the instant is the
 * second (01:00 to 01:59 on the last Sunday of October, after the clocks go back), which RFC 5545 reads as the
 * first, an hour early.
 * @param {Date} instant
 * @returns {{ dateTime: string, timeZone: "Europe/Dublin" } | null}
 */
function dublinMoment(instant) {
  const dateTime = dublinWallTime(instant);
  const anHourBefore = dublinWallTime(new Date(instant.getTime() - 3_600_000));
  return anHourBefore === dateTime ? null : { dateTime, timeZone: "Europe/Dublin" };
}

/**
 * The start and end of a timed event in Ireland, as the calendar files write them: both in Dublin wall time,
 * or both in UTC when either falls in the hour the clocks go back the second time (the end of a show whose
 * doors open late on the last Saturday of October), so every reader counts the same hours.
 * @param {Date} start
 * @param {Date} [end]
 * @returns {{ start: import("./ics.mjs").IcsDate, end?: import("./ics.mjs").IcsDate }}
 */
export function dublinSpan(start, end) {
  const [from, to] = [dublinMoment(start), end ? dublinMoment(end) : undefined];
  if (from === null || to === null) return { start: { utc: start }, ...(end ? { end: { utc: end } } : {}) };
  return { start: from, ...(to ? { end: to } : {}) };
}
