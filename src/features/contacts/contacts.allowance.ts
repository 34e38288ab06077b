/**
 * What the contacts page says when the directory's allowance is spent. The database takes so many new
 * contacts, and so many changes, a minute and a day (public.contacts_limits), then refuses with HTTP 429
 * (PostgREST code PT429), putting the time it next takes one in the error's `details` (ISO 8601). The
 * toast keeps its words ("Failed to add contact", docs/features.md#contacts); this says, in a line that stays on the page,
 * what happened and when it works again, in words for someone who never saw the limits. Pure.
 */

/** Adding a contact, or changing one (a save or a Restore from its history). */
export type AllowanceKind = "add" | "change";

/** How long the spent allowance runs: a minute's, a day's, or not known. */
type AllowanceWindow = "minute" | "day" | "unknown";

const fieldOf = (error: unknown, key: string): unknown =>
  error && typeof error === "object" && key in error ? (error as Record<string, unknown>)[key] : undefined;

/** Whether the server refused the call because an allowance is spent (HTTP 429). */
export function isAllowanceSpent(error: unknown): boolean {
  return fieldOf(error, "code") === "PT429" || fieldOf(error, "status") === 429;
}

/** When the allowance takes a request again, from the error's details; null when they hold no time. */
export function allowanceResetAt(error: unknown): Date | null {
  const details = fieldOf(error, "details");
  if (typeof details !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(details.trim())) return null;
  const at = new Date(details.trim());
  return Number.isNaN(at.getTime()) ? null : at;
}

/** An allowance that resets within this long of the refusal is the minute's; a later one, the day's. */
const MINUTE_WINDOW_MS = 5 * 60_000;

function windowOf(error: unknown, resetAt: Date | null, now: Date): AllowanceWindow {
  if (resetAt) return resetAt.getTime() - now.getTime() <= MINUTE_WINDOW_MS ? "minute" : "day";
  // No time given (a server from before it sent one): its own words say which allowance it was.
  const words = [fieldOf(error, "message"), fieldOf(error, "hint")]
    .filter((text) => typeof text === "string")
    .join(" ");
  if (/\bday\b|tomorrow/i.test(words)) return "day";
  if (/\bminute\b/i.test(words)) return "minute";
  return "unknown";
}

const WHAT_HAPPENED: Record<AllowanceKind, Record<AllowanceWindow, string>> = {
  add: {
    minute: "The team has added as many contacts as the directory takes in a minute.",
    day: "The team has added as many contacts as the directory takes in a day.",
    unknown: "The team has added as many contacts as the directory takes for now.",
  },
  change: {
    minute: "The team has changed contacts as often as the directory allows in a minute.",
    day: "The team has changed contacts as often as the directory allows in a day.",
    unknown: "The team has changed contacts as often as the directory allows for now.",
  },
};

/** The action that works again, as a sentence starts. */
const WORKS_AGAIN: Record<AllowanceKind, string> = {
  add: "Adding works again",
  change: "Saving and restoring work again",
};

/** Year, month and day of `date` where the reader is (`timeZone`; the browser's own when undefined). */
function dayOf(date: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * When it works again, in the reader's time zone: "at 09:14", "tomorrow at 09:14" or "on Nov 28 at 09:14".
 * Rounded up to the minute, so the time said has never come before the allowance admits a request. A reset
 * minutes away is its clock alone, even past midnight: at 23:59, "at 00:00", not "tomorrow at 00:00".
 */
function resetPhrase(resetAt: Date, now: Date, timeZone: string | undefined): string {
  const at = new Date(Math.ceil(resetAt.getTime() / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const clock = `at ${time.format(at)}`;
  const day = dayOf(at, timeZone);
  if (day === dayOf(now, timeZone) || at.getTime() - now.getTime() <= MINUTE_WINDOW_MS) return clock;
  if (day === dayOf(new Date(now.getTime() + 24 * 3_600_000), timeZone)) return `tomorrow ${clock}`;
  const date = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }).format(at);
  return `on ${date} ${clock}`;
}

/**
 * What the page says after an allowance refused `kind`: what happened and when it works again, e.g. "The
 * team has added as many contacts as the directory takes in a day. Adding works again at 09:14."
 * `timeZone` is the reader's (undefined: the browser's own).
 */
export function allowanceText(kind: AllowanceKind, error: unknown, now: Date, timeZone?: string): string {
  const resetAt = allowanceResetAt(error);
  const window = windowOf(error, resetAt, now);
  const what = WHAT_HAPPENED[kind][window];
  if (resetAt && resetAt.getTime() > now.getTime()) {
    return `${what} ${WORKS_AGAIN[kind]} ${resetPhrase(resetAt, now, timeZone)}.`;
  }
  if (window === "minute") return `${what} ${WORKS_AGAIN[kind]} within a minute.`;
  if (window === "day") return `${what} ${WORKS_AGAIN[kind]} within 24 hours.`;
  return `${what} Try again in a minute; if it is refused again, the day's allowance is spent and it works again within 24 hours.`;
}
