import { isNetworkFailure, TEAM_PLACES, teamWords } from "../team/team";

/** The calendar's words for a call that failed, as the sign-in words them (team.ts). */
const CALENDAR_WORDS = teamWords(TEAM_PLACES.calendar);

/**
 * The description of a failed event call's toast: the server's own message when it
 * sent one, words a person understands when the network or the server failed.
 */
export function errorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return CALENDAR_WORDS.noConnection;
  const { message, status } = (error && typeof error === "object" ? error : {}) as Record<string, unknown>;
  const text = message ?? (typeof error === "string" ? error : undefined);
  if (typeof text === "string" && text.trim() !== "") return text;
  if (typeof status === "number" && status >= 500) return CALENDAR_WORDS.serverUnavailable;
  return "Something went wrong. Try again.";
}
