import { describe, expect, it } from "vitest";
import { detailsChange, draftFromShow, showDay } from "./calendar.details";
import { aShow } from "./calendar.fake";
import { showFromDraft } from "./calendar.publish";

/** The moment the form is sent, in these tests: before the show. */
const NOW = new Date("2027-01-05T12:00:00Z");

describe("a published show's details", () => {
  const show = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", {
    availability: "few-left",
    on_sale_at: "2027-02-01T10:00:00+00:00",
  });
  /** The change the details form makes once `patch` is typed into it. */
  const changeOf = (patch: Partial<ReturnType<typeof draftFromShow>>, of = show) => {
    const result = showFromDraft({ ...draftFromShow(of), ...patch }, of.event_id, showDay(of), NOW);
    if (!result.row) throw new Error(JSON.stringify(result.problems));
    return detailsChange(of, result.row);
  };

  it("fill the show's form as the show is, its times on the venue's clock", () => {
    expect(draftFromShow(show)).toEqual({
      venueName: "The Cornmarket Room",
      street: "27 Thomas Street",
      town: "Dublin",
      county: "County Dublin",
      postalCode: "D08 V6F3",
      country: "IE",
      doors: "20:00",
      timeZone: "Europe/Dublin",
      ticketUrl: "https://tickets.example/dublin",
      ticketKind: "ticket",
      price: "12.50",
      currency: "EUR",
      availability: "few-left",
      onSale: "2027-02-01T10:00",
    });
    expect(showDay(show)).toBe("2027-07-10");
  });

  it("change nothing when the form is sent as it was filled in", () => {
    expect(changeOf({})).toEqual({});
  });

  it("change only the columns typed over: a venue's name put right, a price now known", () => {
    expect(changeOf({ venueName: "The Cornmarket Rooms" })).toEqual({ venue_name: "The Cornmarket Rooms" });
    const free = aShow("cork-2027-07-12", "2027-01-01T10:00:00Z", { price: null, currency: null });
    expect(changeOf({ price: "18", currency: "eur", availability: "on-sale" }, free)).toEqual({
      price: 18,
      currency: "EUR",
      availability: "on-sale",
    });
    expect(changeOf({ availability: "", onSale: "" })).toEqual({ availability: null, on_sale_at: null });
  });

  it("take new doors as a reschedule, which fans are told of, and a new time zone with them", () => {
    expect(changeOf({ doors: "21:00" })).toEqual({
      status: "rescheduled",
      starts_at: "2027-07-10T20:00:00.000Z",
      previous_starts_at: show.starts_at,
    });
    // The same clock in Paris, an hour ahead of Dublin: the doors and the sale open an hour sooner.
    expect(changeOf({ timeZone: "Europe/Paris" })).toEqual({
      time_zone: "Europe/Paris",
      status: "rescheduled",
      starts_at: "2027-07-10T18:00:00.000Z",
      previous_starts_at: show.starts_at,
      on_sale_at: "2027-02-01T09:00:00.000Z",
    });
    // London keeps Dublin's clock all year: nothing moves, only the zone's name.
    expect(changeOf({ timeZone: "Europe/London" })).toEqual({ time_zone: "Europe/London" });
  });

  it("keep doors in the hour the clocks go back where they were, when only the venue's name is put right", () => {
    // 01:30 Irish summer time on 31 October 2027, the first of the night's two 01:30s: the form reads "01:30".
    const late = aShow("dublin-2027-10-31", "2027-01-01T10:00:00Z", {
      starts_at: "2027-10-31T00:30:00+00:00",
      on_sale_at: "2027-10-31T00:45:00+00:00",
    });
    expect(changeOf({ venueName: "The Cornmarket Hall" }, late)).toEqual({ venue_name: "The Cornmarket Hall" });
  });
});
