/**
 * A show's clock: the instant a clock in the venue's time zone shows a day and a time, and back. Its own module,
 * small, as the calendar places a gig on its show's day with it before any show form is fetched
 * (calendar.lazy.tsx): in the forms' module it took their code into the calendar's first load.
 */
import { twoDigits, wallClock } from "../../lib/dates";
import { isTimeZone } from "../../lib/show-rules.mjs";

/** The offset from UTC, in minutes, of a clock in `timeZone` at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute } = wallClock(new Date(instant), timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** An offset as ISO writes it: +01:00, -05:00, +00:00. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${sign}${twoDigits(Math.floor(whole / 60))}:${twoDigits(whole % 60)}`;
}

/** The offset of a clock in `timeZone` at `instant` as people say it: UTC+1, UTC+0, UTC-3, UTC+5:30. */
export function utcOffset(instant: string, timeZone: string): string {
  const minutes = offsetMinutes(Date.parse(instant), timeZone);
  const whole = Math.abs(minutes);
  const rest = whole % 60;
  return `UTC${minutes < 0 ? "-" : "+"}${Math.floor(whole / 60)}${rest === 0 ? "" : `:${twoDigits(rest)}`}`;
}

/** A date and time on a clock, read in a zone: the instant, or why there is none. */
type Zoned = { iso: string; offset: string } | "malformed" | "skipped";

function zoned(date: string, time: string, timeZone: string): Zoned {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock || !isTimeZone(timeZone)) return "malformed";
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return "malformed";
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const written = new Date(wall);
  if (written.getUTCFullYear() !== year || written.getUTCMonth() !== month - 1 || written.getUTCDate() !== dayOfMonth) {
    return "malformed";
  }
  // The offset at the wall time read as UTC, then at the instant that gives: right on both sides of a change.
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  const offset = offsetMinutes(instant, timeZone);
  if (instant + offset * 60_000 !== wall) return "skipped";
  return { iso: new Date(instant).toISOString(), offset: offsetText(offset) };
}

/**
 * The instant a clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM), with the offset then; null
 * when the date or time is not one, or when that time never shows on that day (the hour the clocks skip).
 */
export function zonedInstant(date: string, time: string, timeZone: string): { iso: string; offset: string } | null {
  const found = zoned(date, time, timeZone);
  return typeof found === "string" ? null : found;
}

/** Whether `time` on `date`, both as a form writes them, is one the clocks of `timeZone` skip that day (spring's hour). */
export const skippedByClocks = (date: string, time: string, timeZone: string) =>
  zoned(date, time, timeZone) === "skipped";

/** What a show form says of a time the clocks skip: not "a time", which it is. */
export const skippedTimeProblem = (timeZone: string) =>
  `not on the clock that day in ${timeZone}: the clocks go forward then`;

/** A show's doors as YYYY-MM-DD and HH:MM on a clock in its venue's time zone, as the form's fields take them. */
export function wallTimeIn(instant: string, timeZone: string): { date: string; time: string } {
  // A zone this browser does not know: the form starts empty rather than wrong.
  if (!isTimeZone(timeZone)) return { date: "", time: "" };
  const { year, month, day, hour, minute } = wallClock(new Date(instant), timeZone);
  return { date: `${year}-${twoDigits(month)}-${twoDigits(day)}`, time: `${twoDigits(hour)}:${twoDigits(minute)}` };
}

/** An instant as the clock of `timeZone` reads it, to the minute (the instant itself, in a zone unknown here). */
export function onTheClock(instant: string, timeZone: string): string {
  const { date, time } = wallTimeIn(instant, timeZone);
  return date ? `${date}T${time}` : String(Date.parse(instant));
}
