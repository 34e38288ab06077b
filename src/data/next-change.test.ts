import { describe, expect, it } from "vitest";
import { LATER_CHANGES, laterChangesOf, nextChangeOf, nextNewsOf } from "./next-change";

const show = (id: string, startDate: string, town = "Galway") => ({ id, startDate, venue: { town } });
const release = (id: string, releaseDate: string) => ({ id, title: "Mother", releaseDate });

const tourDates = [
  show("galway-2025-04-23", "2025-04-23T20:00:00+01:00"),
  show("dublin-2025-05-02", "2025-05-02T20:00:00+01:00", "Dublin"),
];
const releases = [release("mother", "2025-03-07T00:00:00+00:00")];

describe("the next change of the built pages", () => {
  it("is the release date while the release is still to come", () => {
    expect(nextChangeOf({ tourDates, releases }, new Date("2025-03-01T12:00:00Z"))).toEqual({
      at: "2025-03-07T00:00:00.000Z",
      reason: "“Mother” (mother) comes out",
      inBrowser: false,
    });
  });

  it("is the end of the next show, three hours after its doors, not its start", () => {
    expect(nextChangeOf({ tourDates, releases }, new Date("2025-04-23T19:30:00Z"))).toEqual({
      at: "2025-04-23T22:00:00.000Z",
      reason: "the Galway show (galway-2025-04-23) is over",
      inBrowser: true,
    });
  });

  it("is not a postponed show's old end, at which no page changes, but the next show's", () => {
    const postponed = [{ ...tourDates[0]!, status: "postponed" }, tourDates[1]!];
    expect(nextChangeOf({ tourDates: postponed, releases }, new Date("2025-04-23T19:30:00Z"))).toEqual({
      at: "2025-05-02T22:00:00.000Z",
      reason: "the Dublin show (dublin-2025-05-02) is over",
      inBrowser: true,
    });
  });

  it("is the new year in Ireland once the year's shows are over, as their dates then gain their year", () => {
    expect(nextChangeOf({ tourDates, releases }, new Date("2025-06-01T00:00:00Z"))).toEqual({
      at: "2026-01-01T00:00:00.000Z",
      reason: "2026 begins, so the dates show their year",
      inBrowser: false,
    });
  });

  it("is a show of next year's only after the new year that first changes how it reads", () => {
    const ahead = [...tourDates, show("belfast-2026-03-12", "2026-03-12T20:00:00Z", "Belfast")];
    const now = new Date("2025-12-31T23:59:59Z");
    expect(nextChangeOf({ tourDates: ahead, releases }, now)?.at).toBe("2026-01-01T00:00:00.000Z");
    expect(nextChangeOf({ tourDates: ahead, releases }, new Date("2026-01-01T00:00:00Z"))?.at).toBe(
      "2026-03-12T23:00:00.000Z",
    );
  });

  it("is the new year for a show moved far ahead, as its old day (“Moved from December 20th”) gains its year", () => {
    const moved = {
      ...show("cork-2026-12-20", "2028-02-01T20:00:00Z", "Cork"),
      previousStartDate: "2026-12-20T20:00:00Z",
    };
    expect(nextChangeOf({ tourDates: [moved], releases: [] }, new Date("2026-06-01T12:00:00Z"))).toEqual({
      at: "2027-01-01T00:00:00.000Z",
      reason: "2027 begins, so the dates show their year",
      inBrowser: false,
    });
  });

  it("is the instant a show's tickets go on sale, as its “On sale from” is said until then", () => {
    const ahead = {
      ...show("cork-2028-02-01", "2028-02-01T20:00:00Z", "Cork"),
      tickets: { onSale: "2026-12-05T10:00:00Z" },
    };
    expect(nextChangeOf({ tourDates: [ahead], releases: [] }, new Date("2026-06-01T12:00:00Z"))).toEqual({
      at: "2026-12-05T10:00:00.000Z",
      reason: "tickets for the Cork show (cork-2028-02-01) go on sale",
      inBrowser: true,
    });
  });

  it("is the new year first for tickets on sale next year, as that day (“On sale from”) loses its year", () => {
    const ahead = {
      ...show("cork-2028-02-01", "2028-02-01T20:00:00Z", "Cork"),
      tickets: { onSale: "2027-01-10T10:00:00Z" },
    };
    expect(nextChangeOf({ tourDates: [ahead], releases: [] }, new Date("2026-06-01T12:00:00Z"))?.at).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("is not the new year for tickets already on sale, whose day is no longer said", () => {
    const ahead = {
      ...show("cork-2028-02-01", "2028-02-01T20:00:00Z", "Cork"),
      tickets: { onSale: "2026-03-05T10:00:00Z" },
    };
    expect(nextChangeOf({ tourDates: [ahead], releases: [] }, new Date("2026-06-01T12:00:00Z"))?.at).toBe(
      "2028-02-01T23:00:00.000Z",
    );
  });

  it("is none when every date is over and no shown date falls in this year or the next", () => {
    expect(nextChangeOf({ tourDates, releases }, new Date("2026-01-01T00:00:00Z"))).toBeNull();
    expect(nextChangeOf({ tourDates: [], releases: [] }, new Date("2025-01-01T00:00:00Z"))).toBeNull();
  });

  it("never names an instant already passed, even the build's own", () => {
    const now = new Date("2025-04-23T22:00:00Z");
    expect(Date.parse(nextChangeOf({ tourDates, releases }, now)!.at)).toBeGreaterThan(now.getTime());
  });
});

describe("the next change no browser makes by itself", () => {
  it("is a release's day that comes after a show over", () => {
    const before = [show("sligo-2026-11-14", "2026-11-14T19:00:00+00:00", "Sligo")];
    const tides = [{ id: "tides", title: "Tides", releaseDate: "2026-11-15T00:00:00+00:00" }];
    const now = new Date("2026-11-10T12:00:00Z");
    expect(nextChangeOf({ tourDates: before, releases: tides }, now)?.inBrowser).toBe(true);
    expect(nextNewsOf({ tourDates: before, releases: tides }, now)).toEqual({
      at: "2026-11-15T00:00:00.000Z",
      reason: "“Tides” (tides) comes out",
      inBrowser: false,
    });
  });

  it("is the next change itself when that is one, and none when only shows end", () => {
    const now = new Date("2025-03-01T12:00:00Z");
    expect(nextNewsOf({ tourDates, releases }, now)).toEqual(nextChangeOf({ tourDates, releases }, now));
    const far = [show("x", "2028-06-15T19:00:00+00:00")];
    expect(nextNewsOf({ tourDates: far, releases: [] }, new Date("2026-06-01T12:00:00Z"))).toBeNull();
  });
});

describe("the changes after the next", () => {
  it("are the instants that follow it, earliest first, for a run whose build for the next one failed", () => {
    expect(laterChangesOf({ tourDates, releases }, new Date("2025-03-01T12:00:00Z"))).toEqual([
      { at: "2025-04-23T22:00:00.000Z", reason: "the Galway show (galway-2025-04-23) is over", inBrowser: true },
      { at: "2025-05-02T22:00:00.000Z", reason: "the Dublin show (dublin-2025-05-02) is over", inBrowser: true },
      { at: "2026-01-01T00:00:00.000Z", reason: "2026 begins, so the dates show their year", inBrowser: false },
    ]);
    expect(laterChangesOf({ tourDates, releases }, new Date("2025-05-03T12:00:00Z"))).toEqual([]);
  });

  it("are a few at most, however many shows are ahead", () => {
    const many = Array.from({ length: 40 }, (_, index) =>
      show(`cork-${index}`, new Date(Date.UTC(2026, 0, 2 + index, 20)).toISOString(), "Cork"),
    );
    const later = laterChangesOf({ tourDates: many, releases: [] }, new Date("2026-01-01T12:00:00Z"));
    expect(later).toHaveLength(LATER_CHANGES);
    expect(later[0]!.reason).toBe("the Cork show (cork-1) is over");
  });
});
