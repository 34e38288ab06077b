import { describe, expect, it } from "vitest";
import { detailsChange, draftFromShow, movedNote, movedOrCorrected, showDay } from "./calendar.details";
import { aShow } from "./calendar.fake";
import { showFromDraft } from "./calendar.publish";
import { rescheduledTo } from "./calendar.shows";

/** The moment the form is sent, in these tests: before the show. */
const NOW = new Date("2027-01-05T12:00:00Z");

describe("a published show's details", () => {
  const show = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", {
    availability: "few-left",
    on_sale_at: "2027-02-01T10:00:00+00:00",
  });
  /** The change the details form makes once `patch` is typed into it. */
  const changeOf = (patch: Partial<ReturnType<typeof draftFromShow>>, of = show, corrected = false) => {
    const result = showFromDraft({ ...draftFromShow(of), ...patch }, of.event_id, showDay(of), NOW);
    if (!result.row) throw new Error(JSON.stringify(result.problems));
    return detailsChange(of, result.row, corrected);
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
      on_sale_at: "2027-10-31T00:15:00+00:00",
    });
    expect(changeOf({ venueName: "The Cornmarket Hall" }, late)).toEqual({ venue_name: "The Cornmarket Hall" });
  });

  it("take new doors said to put a mistyped time right as the new time alone, told to fans as no move", () => {
    expect(changeOf({ doors: "20:30" }, show, true)).toEqual({ starts_at: "2027-07-10T19:30:00.000Z" });
    // A wrong zone put right: the doors typed are the same, the instant is not.
    expect(changeOf({ timeZone: "Europe/Paris" }, show, true)).toMatchObject({
      time_zone: "Europe/Paris",
      starts_at: "2027-07-10T18:00:00.000Z",
    });
    expect(changeOf({ timeZone: "Europe/Paris" }, show, true)).not.toHaveProperty("status");
  });

  it("keep what fans were told of an earlier move when its doors are put right, unless put right to the first start", () => {
    // Moved from 20:00 to 21:00, fans read "Doors moved from 20:00"; 21:00 was a slip for 21:30.
    const moved = { ...show, ...rescheduledTo(show, "2027-07-10T20:00:00.000Z"), version: 2 };
    expect(changeOf({ doors: "21:30" }, moved, true)).toEqual({ starts_at: "2027-07-10T20:30:00.000Z" });
    // Put right to the start fans were first told: the show is where it was announced, moved no more.
    expect(changeOf({ doors: "20:00" }, moved, true)).toEqual({
      status: "scheduled",
      starts_at: "2027-07-10T19:00:00.000Z",
      previous_starts_at: null,
    });
  });

  it("ask whether new doors are a move or a mistake only where fans would read the two otherwise", () => {
    const later = "2027-07-10T19:30:00.000Z";
    expect(movedOrCorrected(show, later)).toBe(true);
    expect(movedOrCorrected({ ...show, status: "sold-out" }, later)).toBe(true);
    expect(movedOrCorrected({ ...show, status: "postponed" }, later)).toBe(true);
    expect(movedOrCorrected(show, show.starts_at)).toBe(false);
    // Told of a move already, fans read the start it was announced with either way; back at it, no move either way.
    const moved = { ...show, ...rescheduledTo(show, "2027-07-10T20:00:00.000Z") };
    expect(movedOrCorrected(moved, later)).toBe(false);
    expect(movedOrCorrected(moved, show.starts_at)).toBe(false);
    expect(movedOrCorrected({ ...moved, status: "postponed" }, later)).toBe(true);
  });

  it("name what fans read of a move as /tour says it: the doors the show was announced with, on its day", () => {
    expect(movedNote(show)).toBe("Doors moved from 20:00");
    const moved = { ...show, ...rescheduledTo(show, "2027-07-10T20:00:00.000Z") };
    expect(movedNote(moved)).toBe("Doors moved from 20:00");
    expect(movedNote({ ...show, ...rescheduledTo(show, "2027-07-11T19:00:00.000Z") })).toBe("Rescheduled");
  });
});
