import { describe, expect, it } from "vitest";
import { aShow } from "./calendar.fake";
import { restoreQuestion } from "./calendar.restore";
import { rescheduledTo, type Show } from "./calendar.shows";

/** A show on Jul 10, 2027, doors 20:00 in Dublin (19:00 UTC), on the website and on sale, as every test starts it. */
const show = aShow("dublin-2027-07-10", "2027-02-01T10:00:00Z");
const version = (changes: Partial<Show>) => ({ ...show, ...changes });
const cancelled = version({ status: "cancelled" });

describe("restoring a kept version of a published show", () => {
  it.each<[string, Partial<Show>, string]>([
    ["on sale again", {}, "Undo the cancellation? Fans will see it on sale again: Scheduled, doors 20:00."],
    [
      "on sale again at other doors, on the venue's clock",
      { starts_at: "2027-07-10T18:30:00Z" },
      "Undo the cancellation? Fans will see it on sale again: Scheduled, doors 19:30.",
    ],
    [
      "on sale again on another day",
      rescheduledTo(show, "2027-07-12T19:00:00Z"),
      "Undo the cancellation? Fans will see it on sale again: " +
        "Rescheduled (was Jul 10, 2027, 20:00 (Europe/Dublin)), doors Jul 12, 2027, 20:00.",
    ],
    [
      "going ahead, its tickets sold out",
      { status: "sold-out" },
      "Undo the cancellation? Fans will see it going ahead again: Sold out, doors 20:00.",
    ],
    [
      "postponed",
      { status: "postponed" },
      "Undo the cancellation? Fans will see it postponed, no longer cancelled: Postponed, doors 20:00.",
    ],
  ])("from before a cancellation asks first, saying fans will see it %s", (_, kept, question) => {
    expect(restoreQuestion(version(kept), cancelled)).toEqual({ question, keep: "Keep it cancelled" });
  });

  it("from before a cancellation asks first too when the show was taken off the website since", () => {
    expect(restoreQuestion(show, { ...cancelled, published: false })?.keep).toBe("Keep it cancelled");
  });

  it("that cancels the show asks as Cancel the show does, whether fans see it now or it is put back on", () => {
    const asked = {
      question: "Cancel this show? Fans see it cancelled on the website within minutes.",
      keep: "Keep the show",
    };
    expect(restoreQuestion(cancelled, show)).toEqual(asked);
    expect(restoreQuestion(cancelled, version({ published: false }))).toEqual(asked);
  });

  it("that takes the show off the website asks as Take off the website does, cancelled or not", () => {
    const asked = {
      question:
        "Take this show off the website? Within minutes fans no longer find it on the tour page or in the tour's calendar file.",
      keep: "Keep it on the website",
    };
    expect(restoreQuestion(version({ published: false }), show)).toEqual(asked);
    expect(restoreQuestion(version({ published: false }), cancelled)).toEqual(asked);
  });

  it.each<[string, Partial<Show>, Partial<Show>]>([
    ["another price", { price: 15 }, {}],
    ["other doors", { starts_at: "2027-07-10T18:30:00Z" }, {}],
    ["postponed, over a show on sale", { status: "postponed" }, {}],
    ["sold out, over a show on sale", { status: "sold-out" }, {}],
    ["another cancelled version, over a cancelled show", { status: "cancelled", price: 15 }, { status: "cancelled" }],
    ["the show put back on the website as it was", {}, { published: false }],
    [
      "a version off the website, over a show taken off",
      { published: false, status: "cancelled" },
      { published: false },
    ],
    [
      "a version from before a cancellation, off the website",
      { published: false },
      { published: false, status: "cancelled" },
    ],
  ])("of %s is one tap: it asks nothing", (_, kept, now) => {
    expect(restoreQuestion(version(kept), version(now))).toBeNull();
  });
});
