import { describe, expect, it } from "vitest";
import { wallTimeIn, zonedInstant } from "./calendar.zones";

describe("the doors in the venue's time zone", () => {
  it("works out Dublin's offset: summer time in July, GMT in December", () => {
    expect(zonedInstant("2027-07-10", "20:00", "Europe/Dublin")).toEqual({
      iso: "2027-07-10T19:00:00.000Z",
      offset: "+01:00",
    });
    expect(zonedInstant("2027-12-10", "20:00", "Europe/Dublin")).toEqual({
      iso: "2027-12-10T20:00:00.000Z",
      offset: "+00:00",
    });
  });

  it("works out any zone's, behind UTC and by the half hour", () => {
    expect(zonedInstant("2027-01-15", "19:30", "America/New_York")?.iso).toBe("2027-01-16T00:30:00.000Z");
    expect(zonedInstant("2027-01-15", "19:30", "Asia/Kolkata")).toEqual({
      iso: "2027-01-15T14:00:00.000Z",
      offset: "+05:30",
    });
  });

  it("is right on the days the clocks change, and refuses the hour they skip", () => {
    // 2027's last Sunday of March: Dublin's clocks go from 01:00 to 02:00.
    expect(zonedInstant("2027-03-28", "20:00", "Europe/Dublin")?.offset).toBe("+01:00");
    expect(zonedInstant("2027-03-28", "00:30", "Europe/Dublin")?.offset).toBe("+00:00");
    expect(zonedInstant("2027-03-28", "01:30", "Europe/Dublin")).toBeNull();
    expect(zonedInstant("2027-10-31", "20:00", "Europe/Dublin")?.offset).toBe("+00:00");
  });

  it("reads a show's doors back on the venue's clock, as the reschedule form starts from them", () => {
    expect(wallTimeIn("2027-07-10T19:00:00Z", "Europe/Dublin")).toEqual({ date: "2027-07-10", time: "20:00" });
    expect(wallTimeIn("2027-01-16T00:30:00Z", "America/New_York")).toEqual({ date: "2027-01-15", time: "19:30" });
  });

  it("refuses what is not a date, a time or a zone", () => {
    expect(zonedInstant("2027-02-30", "20:00", "Europe/Dublin")).toBeNull();
    expect(zonedInstant("2027-02-10", "24:00", "Europe/Dublin")).toBeNull();
    expect(zonedInstant("2027-02-10", "8pm", "Europe/Dublin")).toBeNull();
    expect(zonedInstant("2027-02-10", "20:00", "IST")).toBeNull();
    expect(zonedInstant("2027-02-10", "20:00", "Europe/Atlantis")).toBeNull();
  });
});
