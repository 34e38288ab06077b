/**
 * How the team pages write a date: 'MMM d, yyyy' (docs/features.md#calendar) ("Nov 26, 2026"), the same on /contacts,
 * /calendar and /fans, with the time after it where a page shows one ("Nov 26, 2026, 09:05"); and a day
 * of the month as English says it ("23rd"), for the public pages' dates and the content's messages. Pure:
 * English month names of its own, so the reader's locale (or an ICU that writes "Sept") never changes it.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** One formatter per time zone: making one costs far more than using it, and a list formats hundreds of dates. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The date and time an instant reads as on a clock in `timeZone`, or in the reader's own zone when none is given. */
export function wallClock(instant: Date, timeZone?: string): WallClock {
  if (timeZone === undefined) {
    return {
      year: instant.getFullYear(),
      month: instant.getMonth() + 1,
      day: instant.getDate(),
      hour: instant.getHours(),
      minute: instant.getMinutes(),
      second: instant.getSeconds(),
    };
  }
  const parts = zoneFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((found) => found.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

export const twoDigits = (value: number) => String(value).padStart(2, "0");

/** A day of the month as English says it: "1st", "2nd", "23rd", "11th". */
export function ordinal(day: number): string {
  const suffix =
    day % 100 >= 11 && day % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as const)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** "Nov 26, 2026": the day an instant falls on, in `timeZone` or the reader's own zone. */
export function formatDate(instant: Date, { timeZone }: { timeZone?: string } = {}): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${MONTHS[month - 1]} ${day}, ${String(year).padStart(4, "0")}`;
}

/** "Nov 26, 2026, 09:05" (with `seconds`, "Nov 26, 2026, 09:05:30"), on a 24-hour clock. */
export function formatDateTime(
  instant: Date,
  { timeZone, seconds = false }: { timeZone?: string; seconds?: boolean } = {},
): string {
  const clock = wallClock(instant, timeZone);
  const time = [clock.hour, clock.minute, ...(seconds ? [clock.second] : [])].map(twoDigits).join(":");
  return `${formatDate(instant, { timeZone })}, ${time}`;
}
