/**
 * The team's list of fan sign-ups (/fans): the row shape, how a choice and a
 * date read, and the CSV the mailing tool imports. Pure.
 */
import type { Interest } from "../../data/signup";
import { CRLF } from "../../lib/content-lines";
import { formatDateTime, twoDigits, wallClock } from "../../lib/dates";

/** A sign-up as read back; `interest` is whatever the table holds (one of data/signup's interests today). */
export type FanSignup = { id: string; email: string; interest: Interest | (string & {}); created_at: string };

/**
 * The rows of a select, checked: a row without an id, an address or a
 * readable sign-up date is dropped rather than allowed to break the list
 * (an unreadable date would stop the whole table from rendering).
 */
export function toFanSignups(rows: unknown): FanSignup[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row): FanSignup[] => {
    if (!row || typeof row !== "object") return [];
    const { id, email, interest, created_at } = row as Record<string, unknown>;
    if ((typeof id !== "string" && typeof id !== "number") || typeof email !== "string" || email === "") return [];
    if (typeof created_at !== "string" || Number.isNaN(Date.parse(created_at))) return [];
    // An unknown choice (a newer schema) still shows, as stored.
    return [{ id: String(id), email, interest: typeof interest === "string" ? interest : "all", created_at }];
  });
}

/** The count fan_signups_refused() answered, checked: a whole number from 0 up (PostgREST may send a bigint as text); else null. */
export function toRefusedCount(data: unknown): number | null {
  const count = typeof data === "string" && /^\d+$/.test(data) ? Number(data) : data;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : null;
}

/**
 * What the list says of the sign-ups an allowance refused in the last 24 hours. None is said plainly, so
 * the team can tell "nobody was turned away" from a count that could not be read (then nothing is said).
 */
export function refusedSignupsText(count: number): string {
  if (count === 0) return "No sign-ups were refused in the last 24 hours.";
  const many = `${new Intl.NumberFormat("en-IE").format(count)} sign-ups were`;
  return `${count === 1 ? "1 sign-up was" : many} refused in the last 24 hours because too many came at once. Each was asked to try again in a minute.`;
}

/** What the held list says of its sign-ups: why they wait, and what the team may do with them. */
export function heldSignupsText(count: number): string {
  if (count === 1) {
    return "1 sign-up came while too many arrived at once, so it was kept aside. Add it to the list if it looks real, or clear it.";
  }
  const many = new Intl.NumberFormat("en-IE").format(count);
  return `${many} sign-ups came while too many arrived at once, so they were kept aside. Add them to the list if they look real, or clear them.`;
}

/** A failed call's words for a toast: the server's message, or the error itself. */
export function failureText(error: unknown): string {
  return error && typeof error === "object" && "message" in error ? String(error.message) : String(error);
}

/**
 * An address in the pieces a narrow screen may break it between: after the @ and before each dot
 * ("fan.three@" "example" ".com"), as a reader splits one, rather than anywhere in a word.
 */
export function addressPieces(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((piece) => piece !== "");
}

/** A short name for the list and the CSV: "All news" or "T-shirts". */
export function interestShort(interest: string): string {
  return interest === "tshirts" ? "T-shirts" : interest === "all" ? "All news" : interest;
}

/** "Mar 7, 2025, 09:05" in Irish time, for the list: dates as every team page writes them. */
export function formatSignupDate(iso: string): string {
  return formatDateTime(new Date(iso), { timeZone: "Europe/Dublin" });
}

/** "1 sign-up", "12 sign-ups". */
export function signupCount(count: number): string {
  return `${count} sign-up${count === 1 ? "" : "s"}`;
}

/**
 * One CSV field. A field that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe, so opening the file never runs anything (CSV
 * injection); every field is quoted, with its quotes doubled, so commas and line breaks stay inside it.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The list as CSV (RFC 4180: CRLF line ends, a header row), newest first as shown. */
export function signupsCsv(signups: readonly FanSignup[]): string {
  const rows = [
    ["email", "wants", "signed_up"],
    ...signups.map((signup) => [signup.email, interestShort(signup.interest), signup.created_at]),
  ];
  return `${rows.map((row) => row.map(csvField).join(",")).join(CRLF)}${CRLF}`;
}

/** The CSV's MIME type, with its encoding, so a spreadsheet reads accented addresses right. */
export const CSV_MIME_TYPE = "text/csv;charset=utf-8";

/** The downloaded file's name, dated on the list's clock (Dublin's): "fan-signups-2025-03-07.csv". */
export function csvFilename(now: Date): string {
  const { year, month, day } = wallClock(now, "Europe/Dublin");
  return `fan-signups-${year}-${twoDigits(month)}-${twoDigits(day)}.csv`;
}
