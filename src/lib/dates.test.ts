import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("a date on the team pages", () => {
  it("reads as the promised 'MMM d, yyyy', in every month", () => {
    const months = Array.from({ length: 12 }, (_, month) => formatDate(new Date(2026, month, month + 1)));
    expect(months).toEqual([
      "Jan 1, 2026",
      "Feb 2, 2026",
      "Mar 3, 2026",
      "Apr 4, 2026",
      "May 5, 2026",
      "Jun 6, 2026",
      "Jul 7, 2026",
      "Aug 8, 2026",
      "Sep 9, 2026",
      "Oct 10, 2026",
      "Nov 11, 2026",
      "Dec 12, 2026",
    ]);
    expect(formatDate(new Date(2026, 10, 26))).toBe("Nov 26, 2026");
  });

  it("is the day in the time zone it is asked for", () => {
    // 23:30 UTC on New Year's Eve is already New Year's Day in Berlin, and still the 31st in Dublin.
    const instant = new Date("2025-12-31T23:30:00Z");
    expect(formatDate(instant, { timeZone: "UTC" })).toBe("Dec 31, 2025");
    expect(formatDate(instant, { timeZone: "Europe/Dublin" })).toBe("Dec 31, 2025");
    expect(formatDate(instant, { timeZone: "Europe/Berlin" })).toBe("Jan 1, 2026");
  });

  it("writes a year before 1000 with four digits, as 'yyyy' does", () => {
    expect(formatDate(new Date("0005-03-01T12:00:00Z"), { timeZone: "UTC" })).toBe("Mar 1, 0005");
  });

  it("adds the time on a 24-hour clock, with seconds when asked", () => {
    // Summer: Irish time is an hour ahead of UTC.
    expect(formatDateTime(new Date("2025-07-01T08:05:09Z"), { timeZone: "Europe/Dublin" })).toBe("Jul 1, 2025, 09:05");
    expect(formatDateTime(new Date("2025-01-04T00:30:05Z"), { timeZone: "UTC", seconds: true })).toBe(
      "Jan 4, 2025, 00:30:05",
    );
    expect(formatDateTime(new Date(2025, 0, 4, 21, 7, 3), { seconds: true })).toBe("Jan 4, 2025, 21:07:03");
  });
});
