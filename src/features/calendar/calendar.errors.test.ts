import { describe, expect, it } from "vitest";
import { errorMessage } from "./calendar.errors";

describe("describing a failed event call", () => {
  it("shows the server's message of a failed call", () => {
    expect(errorMessage({ code: "23514", message: "new row violates check constraint", status: 400 })).toBe(
      "new row violates check constraint",
    );
    expect(errorMessage({ code: "XX000", message: "Database is resting", status: 500 })).toBe("Database is resting");
    expect(errorMessage("The venue is double-booked")).toBe("The venue is double-booked");
  });

  it("says in plain words that the server could not be reached, never the browser's error", () => {
    expect(errorMessage({ message: "TypeError: Failed to fetch", details: "", hint: "", code: "", status: 0 })).toBe(
      "Could not reach the calendar server. Check your internet connection and try again.",
    );
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(
      "Could not reach the calendar server. Check your internet connection and try again.",
    );
  });

  it("says the server is unavailable when it failed without a message", () => {
    expect(errorMessage({ message: "", status: 503 })).toBe(
      "The calendar server is not answering right now. Try again in a minute.",
    );
    expect(errorMessage({})).toBe("Something went wrong. Try again.");
  });
});
