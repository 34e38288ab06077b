// The picked day in every time zone. Node reads TZ for the whole process, so this file runs in a process of
// its own (the "time zones" project of vitest.config.ts), never in a worker thread beside other files.
import { afterEach, describe, expect, it } from "vitest";
import { emptyEventDraft, eventDayKey, eventFromDraft, eventsByDay, formatDay, formatEventDate } from "./calendar";

describe("the picked day in every time zone", () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it.each([
    ["Pacific/Kiritimati", 14],
    ["Asia/Tokyo", 9],
    ["Europe/Dublin", 0],
    ["America/Los_Angeles", -8],
    ["Pacific/Pago_Pago", -11],
  ] as const)("keeps the day a person picks in %s on the dot and the card", (zone, hoursAheadOfUtcInJanuary) => {
    process.env.TZ = zone; // Node applies a changed TZ to later Date calls.
    expect(new Date(2025, 0, 15).getTimezoneOffset() + 60 * hoursAheadOfUtcInJanuary).toBe(0);
    for (const [month, day] of [
      [0, 1],
      [3, 23],
      [11, 31],
    ]) {
      const picked = new Date(2025, month, day); // what the day picker hands over: local midnight
      const row = eventFromDraft({ ...emptyEventDraft, title: "Gig" }, picked);
      if (!row) throw new Error("a day and a title make a row");
      expect(eventDayKey(row)).toBe(`2025-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
      expect(formatEventDate(row)).toBe(formatDay(picked));
      expect([...eventsByDay([{ ...row, id: "1" }]).keys()]).toEqual([eventDayKey(row)]);
    }
  });
});
