import { describe, expect, it } from "vitest";
import { allowanceResetAt, allowanceText, isAllowanceSpent } from "./contacts.allowance";

const DUBLIN = "Europe/Dublin";
/** 13:20:05 in Dublin (summer time, UTC+1). */
const now = new Date("2026-06-10T12:20:05Z");

/** The error supabase-js hands on for a PostgREST 429, with the time the allowance next admits a request. */
const spent = (message: string, details: string | null = null, hint: string | null = null) => ({
  code: "PT429",
  message,
  details,
  hint,
});

describe("an allowance spent", () => {
  it("is told by PostgREST's code or the HTTP status, and by nothing else", () => {
    expect(isAllowanceSpent(spent("Too many new contacts: at most 60 a minute"))).toBe(true);
    expect(isAllowanceSpent({ message: "Too Many Requests", status: 429 })).toBe(true);
    expect(isAllowanceSpent({ code: "23514", message: "new row violates check constraint" })).toBe(false);
    expect(isAllowanceSpent({ code: "42501", status: 401 })).toBe(false);
    expect(isAllowanceSpent(null)).toBe(false);
  });

  it("reads when it resets from the error's details, and nothing from details that hold no time", () => {
    expect(allowanceResetAt(spent("x", "2026-06-10T12:21:00Z"))).toEqual(new Date("2026-06-10T12:21:00Z"));
    expect(allowanceResetAt(spent("x", "2026-06-11T09:14:00.123456+00:00"))).toEqual(
      new Date("2026-06-11T09:14:00.123Z"),
    );
    expect(allowanceResetAt(spent("x", null))).toBeNull();
    expect(allowanceResetAt(spent("x", "at most 60 a minute"))).toBeNull();
    expect(allowanceResetAt(spent("x", "2026-13-45T99:99:00Z"))).toBeNull();
  });
});

describe("what the page says when the allowance is spent", () => {
  it("says the day's adds are spent and the time adding works again, in the reader's time", () => {
    const error = spent("Too many new contacts: at most 1000 a day", "2026-06-10T17:13:30Z");
    expect(allowanceText("add", error, now, DUBLIN)).toBe(
      "The team has added as many contacts as the directory takes in a day. Adding works again at 18:14.",
    );
    expect(allowanceText("add", error, now, "UTC")).toMatch(/Adding works again at 17:14\.$/);
  });

  it("says the minute's changes are spent and when saving and restoring work again", () => {
    const error = spent("Too many changes to contacts: at most 120 a minute", "2026-06-10T12:20:41Z");
    expect(allowanceText("change", error, now, DUBLIN)).toBe(
      "The team has changed contacts as often as the directory allows in a minute. Saving and restoring work again at 13:21.",
    );
  });

  it("says tomorrow, or the date, when it resets on another day", () => {
    const late = new Date("2026-06-10T22:30:00Z"); // 23:30 in Dublin
    expect(allowanceText("add", spent("x", "2026-06-11T08:14:00Z"), late, DUBLIN)).toBe(
      "The team has added as many contacts as the directory takes in a day. Adding works again tomorrow at 09:14.",
    );
    expect(allowanceText("change", spent("x", "2026-06-13T08:14:00Z"), late, DUBLIN)).toMatch(
      / Saving and restoring work again on Jun 13 at 09:14\.$/,
    );
  });

  it("says the clock alone when the minute's allowance resets past midnight, not tomorrow", () => {
    const lastMinute = new Date("2026-06-10T22:59:30Z"); // 23:59:30 in Dublin
    expect(allowanceText("add", spent("x", "2026-06-10T23:00:00Z"), lastMinute, DUBLIN)).toBe(
      "The team has added as many contacts as the directory takes in a minute. Adding works again at 00:00.",
    );
  });

  it("says which allowance it was from the server's words when it sent no time", () => {
    expect(
      allowanceText("add", spent("Too many new contacts: at most 2 a minute", null, "Try again in a minute."), now),
    ).toBe(
      "The team has added as many contacts as the directory takes in a minute. Adding works again within a minute.",
    );
    expect(
      allowanceText(
        "change",
        spent("Too many changes to contacts: at most 3000 a day", null, "Try again tomorrow."),
        now,
      ),
    ).toBe(
      "The team has changed contacts as often as the directory allows in a day. Saving and restoring work again within 24 hours.",
    );
  });

  it("falls back to plain advice when neither a time nor the server's words say which", () => {
    expect(allowanceText("add", { message: "Too Many Requests", status: 429 }, now)).toBe(
      "The team has added as many contacts as the directory takes for now. Try again in a minute; if it is refused again, the day's allowance is spent and it works again within 24 hours.",
    );
  });
});
