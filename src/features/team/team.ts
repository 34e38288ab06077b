/**
 * The team sign-in's words and rules, the same on every page behind it
 * (/calendar, /contacts, /fans): the Login's toasts (docs/features.md#team-sign-in), what a
 * refused Login says, why a page locks itself, and how a failed call is told
 * apart (no connection, a session the server no longer accepts). The words
 * beyond those two toasts name the page they are on. Pure, and light: the
 * Enter Password screen loads with it and without any page's own logic.
 */
import { calendarCopy, contactsCopy, fansCopy } from "../../data/tools";

/** A toast's words. */
export type Notice = { title: string; description: string };

/** The toast for a wrong password, word for word as the product defines it, on every page. */
export const WRONG_PASSWORD: Notice = { title: "Access denied", description: "Incorrect password" };
/** The toast for the right one: its title on every page, its words those of docs/features.md#team-sign-in on the calendar (accessGranted). */
const ACCESS_GRANTED_TITLE = "Access granted";

/** A page behind the team sign-in, as its own words name it. */
export type TeamPlace = {
  /** The page's heading: "Calendar". */
  title: string;
  /** What the page is, in a sentence: "the calendar". */
  name: string;
  /** What a failed connection could not reach: "the calendar server". */
  server: string;
  /** What the page's tool lets the team do once signed in, said by "Access granted" (the calendar's: the spec's). */
  granted: string;
};

export const TEAM_PLACES = {
  calendar: {
    title: calendarCopy.title,
    name: "the calendar",
    server: "the calendar server",
    granted: "You can now edit the calendar",
  },
  contacts: {
    title: contactsCopy.title,
    name: "the contact directory",
    server: "the contacts server",
    granted: "You can now edit the contact directory",
  },
  fans: {
    title: fansCopy.title,
    name: "the sign-up list",
    server: "the sign-ups server",
    granted: "You can now see the sign-up list",
  },
} as const satisfies Record<string, TeamPlace>;

/** The team page at `pathname` (a trailing slash or file name allowed); the calendar when it is none of them. */
export function teamPlaceAt(pathname: string): TeamPlace {
  const page = pathname.split("/").filter(Boolean)[0];
  return page === "contacts" || page === "fans" ? TEAM_PLACES[page] : TEAM_PLACES.calendar;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the sign-in says on `place` beyond the Login's two toasts. */
export function teamWords(place: TeamPlace) {
  return {
    /** The toast of a Login that opened the page. */
    accessGranted: { title: ACCESS_GRANTED_TITLE, description: place.granted } satisfies Notice,
    /** Said instead of "TypeError: Failed to fetch" when the server could not be reached at all. */
    noConnection: `Could not reach ${place.server}. Check your internet connection and try again.`,
    /** Said when the server failed (5xx) without a message of its own. */
    serverUnavailable: `${capitalised(place.server)} is not answering right now. Try again in a minute.`,
    /** The sign-in service refuses more tries for a while. */
    tooManyTries: `${capitalised(place.name)} has stopped taking passwords for a while. Wait a few minutes, then try again.`,
    /** Why the page locked itself while open: shown on the Enter Password screen and in a toast. */
    lockReasons: {
      /** The team session ended: a refresh was refused, the session was revoked or the password changed. */
      sessionEnded:
        "Your session has ended, for example because the team password was changed. Enter the password again.",
      /** The server refused the page's data to this session. */
      accessRefused: `${capitalised(place.name)} no longer accepts this session. Enter the password again.`,
    },
    /** Said calmly on the Enter Password screen after Sign out, naming the page it is on (not the one left). */
    signedOut: `Signed out on this device. Enter the password to open ${place.name} again.`,
    /** The toast's title as the page locks itself. */
    lockedTitle: `${place.title} locked`,
  };
}

/**
 * Why a page locked itself: a key of teamWords' lockReasons, not its words, as those name the page and the team bar's
 * links keep a locked session from page to page ("The calendar no longer accepts this session" is wrong on /contacts).
 */
export type LockReason = keyof ReturnType<typeof teamWords>["lockReasons"];

const fieldOf = (error: unknown, key: string): unknown =>
  error && typeof error === "object" && key in error ? (error as Record<string, unknown>)[key] : undefined;

/**
 * Whether a failed call never reached the server. supabase-js reports status 0
 * (auth-js: AuthRetryableFetchError) with the browser's own words:
 * "TypeError: Failed to fetch", "FetchError: …", Firefox's "NetworkError when
 * attempting to fetch resource", Safari's "Load failed".
 */
export function isNetworkFailure(error: unknown): boolean {
  if (fieldOf(error, "status") === 0) return true;
  const message = fieldOf(error, "message") ?? (typeof error === "string" ? error : undefined);
  return (
    typeof message === "string" &&
    /^(TypeError|FetchError): |Failed to fetch|NetworkError when attempting to fetch|^Load failed$/.test(message)
  );
}

/**
 * Whether the server refused the page's data to this session (row-level
 * security, an expired or revoked token), so the page locks instead of
 * showing nothing. PostgREST answers 401/403 with 42501 (privilege) or
 * PGRST30x (JWT).
 */
export function isAccessRefused(error: unknown): boolean {
  const code = fieldOf(error, "code");
  const status = fieldOf(error, "status");
  return code === "42501" || (typeof code === "string" && /^PGRST30\d$/.test(code)) || status === 401 || status === 403;
}

/**
 * What a refused Login says on `place`. A wrong password keeps the words of
 * docs/features.md#team-sign-in; a refusal that is not about the password says what happened and what to do.
 */
export function signInRefusal(error: unknown, place: TeamPlace): Notice {
  const words = teamWords(place);
  const status = fieldOf(error, "status");
  const code = fieldOf(error, "code");
  if (code === "invalid_credentials") return WRONG_PASSWORD;
  if (status === 429 || code === "over_request_rate_limit") {
    return { title: "Too many tries", description: words.tooManyTries };
  }
  if (isNetworkFailure(error)) return { title: "No connection", description: words.noConnection };
  if (typeof status === "number" && status >= 500) {
    return { title: "Server unavailable", description: words.serverUnavailable };
  }
  const message = fieldOf(error, "message");
  return {
    title: "Login failed",
    description: typeof message === "string" && message.trim() !== "" ? message : "The server refused the login.",
  };
}

/** What a refused Login was: the server's answer (or why it could not be asked), worded where it is read. */
export type Refused = { error: unknown };

/** A refused Login as the Enter Password screen on `place` says it, after its toast has gone: "Too many tries. …". */
export function refusalLine({ error }: Refused, place: TeamPlace): string {
  const { title, description } = signInRefusal(error, place);
  return `${title}. ${description}`;
}

/** How often an open team page asks the server whether its session still stands. */
export const SESSION_CHECK_MS = 3 * 60_000;
