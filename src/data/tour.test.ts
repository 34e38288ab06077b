import { describe, expect, it } from "vitest";
import { tour, tourLinkLabels } from "./tour";

/** The UTC offset ("+01:00") that a time zone has at an instant. */
function offsetIn(timeZone: string, instant: Date): string {
  const name = new Intl.DateTimeFormat("en-IE", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
  return name === "GMT" ? "+00:00" : name.replace("GMT", "");
}

/** "23" → "23rd", "2" → "2nd", "11" → "11th". */
function ordinal(day: string): string {
  const n = Number(day);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as const)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

describe("tour data", () => {
  it("keeps the card title exactly as given", () => {
    expect(tour.cardTitle).toBe("Ireland Tour - April 2024");
  });

  it("has Galway, Donegal and Dublin on April 23rd, April 26th and May 2nd", () => {
    expect(tour.dates.map((date) => [date.dateText, date.venue.address.region])).toEqual([
      ["April 23rd", "County Galway"],
      ["April 26th", "County Donegal"],
      ["May 2nd", "County Dublin"],
    ]);
    expect(tour.dates.map((date) => date.link.kind)).toEqual(["ticket", "venue", "ticket"]);
  });

  it.each(tour.dates.map((date) => [date.id, date] as const))(
    "%s starts at an ISO time with Dublin's offset on that day, matching the date shown",
    (_, date) => {
      expect(date.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      const instant = new Date(date.startDate);
      expect(Number.isNaN(instant.getTime())).toBe(false);
      expect(date.startDate.slice(-6)).toBe(offsetIn(tour.timeZone, instant));
      const parts = new Intl.DateTimeFormat("en-IE", {
        timeZone: tour.timeZone,
        month: "long",
        day: "numeric",
      }).formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)!.value;
      expect(date.dateText).toBe(`${part("month")} ${ordinal(part("day"))}`);
    },
  );

  it("links every date to an absolute https URL with a label for its kind", () => {
    for (const date of tour.dates) {
      expect(new URL(date.link.href).protocol).toBe("https:");
      expect(tourLinkLabels[date.link.kind]).toMatch(/\w/);
    }
  });

  it("gives every date a unique id usable as a URL fragment", () => {
    const ids = tour.dates.map((date) => date.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });
});
