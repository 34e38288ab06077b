import { describe, expect, it } from "vitest";
import { isAccessRefused, isNetworkFailure, signInRefusal, TEAM_PLACES, teamPlaceAt, teamWords } from "./team";

const calendar = TEAM_PLACES.calendar;
const { noConnection: NO_CONNECTION_TEXT, serverUnavailable: SERVER_UNAVAILABLE_TEXT } = teamWords(calendar);

describe("telling failed calls apart", () => {
  it("recognises a call that never reached the server, in every browser's words", () => {
    const failures = [
      { message: "TypeError: Failed to fetch", details: "", hint: "", code: "", status: 0 },
      { message: "FetchError: request to http://127.0.0.1:54321 failed", code: "" },
      new TypeError("Failed to fetch"),
      { message: "TypeError: NetworkError when attempting to fetch resource." },
      { message: "Load failed" },
      { name: "AuthRetryableFetchError", message: "{}", status: 0 },
    ];
    for (const failure of failures) expect(isNetworkFailure(failure)).toBe(true);
    expect(isNetworkFailure({ message: "Database is resting", status: 500 })).toBe(false);
  });

  it("recognises a session the server no longer accepts", () => {
    expect(
      isAccessRefused({ code: "42501", message: "permission denied for table calendar_events", status: 401 }),
    ).toBe(true);
    expect(isAccessRefused({ code: "42501", status: 403 })).toBe(true);
    expect(isAccessRefused({ code: "PGRST301", message: "JWT expired", status: 401 })).toBe(true);
    expect(isAccessRefused({ code: "PGRST303", status: 401 })).toBe(true);
    expect(isAccessRefused({ code: "23514", status: 400 })).toBe(false);
    expect(isAccessRefused({ message: "TypeError: Failed to fetch", status: 0 })).toBe(false);
  });
});

describe("the team page a session is on", () => {
  it("is read from the address, the calendar when it is none of the others", () => {
    expect(teamPlaceAt("/contacts")).toBe(TEAM_PLACES.contacts);
    expect(teamPlaceAt("/contacts/")).toBe(TEAM_PLACES.contacts);
    expect(teamPlaceAt("/fans")).toBe(TEAM_PLACES.fans);
    expect(teamPlaceAt("/calendar")).toBe(TEAM_PLACES.calendar);
    expect(teamPlaceAt("/")).toBe(TEAM_PLACES.calendar);
  });

  it("names the page in the words beyond the Login's two toasts, and keeps the calendar's as they were", () => {
    expect(teamWords(calendar)).toEqual({
      accessGranted: { title: "Access granted", description: "You can now edit the calendar" },
      noConnection: "Could not reach the calendar server. Check your internet connection and try again.",
      serverUnavailable: "The calendar server is not answering right now. Try again in a minute.",
      tooManyTries: "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.",
      lockReasons: {
        sessionEnded:
          "Your session has ended, for example because the team password was changed. Enter the password again.",
        accessRefused: "The calendar no longer accepts this session. Enter the password again.",
      },
      signedOut: "Signed out on this device. Enter the password to open the calendar again.",
      lockedTitle: "Calendar locked",
    });
    expect(teamWords(TEAM_PLACES.contacts)).toMatchObject({
      noConnection: "Could not reach the contacts server. Check your internet connection and try again.",
      lockReasons: { accessRefused: "The contact directory no longer accepts this session. Enter the password again." },
      lockedTitle: "Contacts locked",
    });
    expect(teamWords(TEAM_PLACES.fans)).toMatchObject({
      serverUnavailable: "The sign-ups server is not answering right now. Try again in a minute.",
      lockedTitle: "Fan sign-ups locked",
    });
  });
});

describe("signing in to a team page", () => {
  const authError = (status: number, code: string | undefined, message: string) => ({
    name: status === 0 || status >= 500 ? "AuthRetryableFetchError" : "AuthApiError",
    status,
    code,
    message,
  });

  it("keeps the promised words for a wrong password", () => {
    expect(signInRefusal(authError(400, "invalid_credentials", "Invalid login credentials"), calendar)).toEqual({
      title: "Access denied",
      description: "Incorrect password",
    });
  });

  it("asks to wait a few minutes after too many tries", () => {
    expect(signInRefusal(authError(429, "over_request_rate_limit", "Request rate limit reached"), calendar)).toEqual({
      title: "Too many tries",
      description: "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.",
    });
  });

  it("tells a network failure and a failing server from a wrong password", () => {
    expect(signInRefusal(authError(0, undefined, "Failed to fetch"), calendar)).toEqual({
      title: "No connection",
      description: NO_CONNECTION_TEXT,
    });
    for (const status of [500, 502, 503, 504]) {
      expect(signInRefusal(authError(status, undefined, "{}"), calendar)).toEqual({
        title: "Server unavailable",
        description: SERVER_UNAVAILABLE_TEXT,
      });
    }
  });

  it("shows any other refusal in the server's own words", () => {
    expect(signInRefusal(authError(400, "email_not_confirmed", "Email not confirmed"), calendar)).toEqual({
      title: "Login failed",
      description: "Email not confirmed",
    });
    expect(signInRefusal(authError(422, "email_provider_disabled", ""), calendar)).toEqual({
      title: "Login failed",
      description: "The server refused the login.",
    });
  });
});
