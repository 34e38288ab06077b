/**
 * The team session's words and rules: what a
 * refused Login says, why the page locks itself, and how a failed call is
 * described. Kept apart from calendar.ts so the Enter Password screen loads
 * without the month view's date library.
 */

/** Said instead of "TypeError: Failed to fetch" when the server could not be reached at all. */
export const NO_CONNECTION_TEXT = "Could not reach the calendar server. Check your internet connection and try again.";

/** Said when the server failed (5xx) without a message of its own. */
export const SERVER_UNAVAILABLE_TEXT = "The calendar server is not answering right now. Try again in a minute.";

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
 * The description of a failed call's toast: the server's own message when it
 * sent one, words a person understands when the network or the server failed.
 */
export function errorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NO_CONNECTION_TEXT;
  const message = fieldOf(error, "message") ?? (typeof error === "string" ? error : undefined);
  if (typeof message === "string" && message.trim() !== "") return message;
  const status = fieldOf(error, "status");
  if (typeof status === "number" && status >= 500) return SERVER_UNAVAILABLE_TEXT;
  return "Something went wrong. Try again.";
}

/**
 * Whether the server refused the calendar to this session (row-level
 * security, an expired or revoked token), so the page locks instead of
 * showing an empty calendar. PostgREST answers 401/403 with 42501 (privilege)
 * or PGRST30x (JWT).
 */
export function isAccessRefused(error: unknown): boolean {
  const code = fieldOf(error, "code");
  const status = fieldOf(error, "status");
  return code === "42501" || (typeof code === "string" && /^PGRST30\d$/.test(code)) || status === 401 || status === 403;
}

/** A toast's words. */
export type Notice = { title: string; description: string };

/** The toast for a wrong password, word for word as the product defines it. */
export const WRONG_PASSWORD: Notice = { title: "Access denied", description: "Incorrect password" };
/** The spec's toast for the right one. */
export const ACCESS_GRANTED: Notice = { title: "Access granted", description: "You can now edit the calendar" };

/**
 * What a refused Login says. A wrong password keeps the spec's words; a
 * refusal that is not about the password says what happened and what to do.
 */
export function signInRefusal(error: unknown): Notice {
  const status = fieldOf(error, "status");
  const code = fieldOf(error, "code");
  if (code === "invalid_credentials") return WRONG_PASSWORD;
  if (status === 429 || code === "over_request_rate_limit") {
    return {
      title: "Too many tries",
      description: "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.",
    };
  }
  if (isNetworkFailure(error)) return { title: "No connection", description: NO_CONNECTION_TEXT };
  if (typeof status === "number" && status >= 500) {
    return { title: "Server unavailable", description: SERVER_UNAVAILABLE_TEXT };
  }
  const message = fieldOf(error, "message");
  return {
    title: "Login failed",
    description: typeof message === "string" && message.trim() !== "" ? message : "The server refused the login.",
  };
}

/** Why the calendar locked itself while open: shown on the Enter Password screen and in a toast. */
export const LOCK_REASONS = {
  /** The team session ended: a refresh was refused, the session was revoked or the password changed. */
  sessionEnded: "Your session has ended, for example because the team password was changed. Enter the password again.",
  /** The server refused the calendar to this session. */
  accessRefused: "The calendar no longer accepts this session. Enter the password again.",
} as const;

/** Said under the lock reason while the Add Event form holds something typed. */
export const DRAFT_KEPT_TEXT = "Your unsaved event is kept and will be back after you sign in.";

/** The toast's title as the page locks itself. */
export const CALENDAR_LOCKED_TITLE = "Calendar locked";

/** How often an open calendar asks the server whether its session still stands. */
export const SESSION_CHECK_MS = 3 * 60_000;
