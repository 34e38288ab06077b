import { describe, expect, it } from "vitest";
import { tour, type TourDate } from "../../data/tour";
import { nextShow } from "./listen";

const [galway, donegal, dublin] = tour.dates;
const at = (iso: string) => new Date(iso);

describe("the next show on /listen", () => {
  it("is the first date that has not started yet", () => {
    expect(nextShow(tour.dates, at("2025-03-01T12:00:00Z"), 180)?.date.id).toBe(galway.id);
  });

  it("is still tonight's show while it is on, and the following one once it has ended", () => {
    // Galway: doors 20:00 Irish summer time (19:00 UTC), three hours.
    expect(nextShow(tour.dates, at("2025-04-23T21:30:00Z"), 180)).toEqual({
      date: galway,
      endsAt: "2025-04-23T22:00:00.000Z",
    });
    expect(nextShow(tour.dates, at("2025-04-23T22:00:01Z"), 180)?.date.id).toBe(donegal.id);
  });

  it("is none once the tour is over", () => {
    expect(nextShow(tour.dates, at("2025-05-03T00:00:00Z"), 180)).toBeUndefined();
  });

  it("skips a cancelled date and does not rely on the list's order", () => {
    const cancelled: TourDate = { ...galway, status: "EventCancelled" };
    expect(nextShow([dublin, cancelled, donegal], at("2025-03-01T12:00:00Z"), 180)?.date.id).toBe(donegal.id);
  });
});
