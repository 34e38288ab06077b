import { describe, expect, it } from "vitest";
import {
  ACCESS_GRANTED,
  errorMessage,
  isAccessRefused,
  isNetworkFailure,
  NO_CONNECTION_TEXT,
  SERVER_UNAVAILABLE_TEXT,
  signInRefusal,
  WRONG_PASSWORD,
} from "./session";

describe("describing a failed call", () => {
  it("shows the server's message of a failed call", () => {
    expect(errorMessage({ code: "23514", message: "new row violates check constraint", status: 400 })).toBe(
      "new row violates check constraint",
    );
    expect(errorMessage({ code: "XX000", message: "Database is resting", status: 500 })).toBe("Database is resting");
    expect(errorMessage("The venue is double-booked")).toBe("The venue is double-booked");
  });

  it("says in plain words that the server could not be reached, never the browser's error", () => {
    const failures = [
      { message: "TypeError: Failed to fetch", details: "", hint: "", code: "", status: 0 },
      { message: "FetchError: request to http://127.0.0.1:54321 failed", code: "" },
      new TypeError("Failed to fetch"),
      { message: "TypeError: NetworkError when attempting to fetch resource." },
      { message: "Load failed" },
      { name: "AuthRetryableFetchError", message: "{}", status: 0 },
    ];
    for (const failure of failures) {
      expect(isNetworkFailure(failure)).toBe(true);
      expect(errorMessage(failure)).toBe(NO_CONNECTION_TEXT);
    }
    expect(NO_CONNECTION_TEXT).toBe(
      "Could not reach the calendar server. Check your internet connection and try again.",
    );
    expect(isNetworkFailure({ message: "Database is resting", status: 500 })).toBe(false);
  });

  it("says the server is unavailable when it failed without a message", () => {
    expect(errorMessage({ message: "", status: 503 })).toBe(SERVER_UNAVAILABLE_TEXT);
    expect(errorMessage({})).toBe("Something went wrong. Try again.");
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

describe("signing in to the calendar", () => {
  const authError = (status: number, code: string | undefined, message: string) => ({
    name: status === 0 || status >= 500 ? "AuthRetryableFetchError" : "AuthApiError",
    status,
    code,
    message,
  });

  it("keeps the spec's words for a wrong password and for the right one", () => {
    expect(signInRefusal(authError(400, "invalid_credentials", "Invalid login credentials"))).toEqual({
      title: "Access denied",
      description: "Incorrect password",
    });
    expect(WRONG_PASSWORD).toEqual({ title: "Access denied", description: "Incorrect password" });
    expect(ACCESS_GRANTED).toEqual({ title: "Access granted", description: "You can now edit the calendar" });
  });

  it("asks to wait a few minutes after too many tries", () => {
    expect(signInRefusal(authError(429, "over_request_rate_limit", "Request rate limit reached"))).toEqual({
      title: "Too many tries",
      description: "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.",
    });
  });

  it("tells a network failure and a failing server from a wrong password", () => {
    expect(signInRefusal(authError(0, undefined, "Failed to fetch"))).toEqual({
      title: "No connection",
      description: NO_CONNECTION_TEXT,
    });
    for (const status of [500, 502, 503, 504]) {
      expect(signInRefusal(authError(status, undefined, "{}"))).toEqual({
        title: "Server unavailable",
        description: SERVER_UNAVAILABLE_TEXT,
      });
    }
  });

  it("shows any other refusal in the server's own words", () => {
    expect(signInRefusal(authError(400, "email_not_confirmed", "Email not confirmed"))).toEqual({
      title: "Login failed",
      description: "Email not confirmed",
    });
    expect(signInRefusal(authError(422, "email_provider_disabled", ""))).toEqual({
      title: "Login failed",
      description: "The server refused the login.",
    });
  });
});
