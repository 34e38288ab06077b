// The month's count and the rule alone: what counts as a deploy, what news fans must not miss, and which
// build each step of the month affords (the handler's tests run a whole month through the function).
import { describe, expect, it } from "vitest";
import {
  allowanceOf,
  elapsedOf,
  gate,
  knownOf,
  monthAt,
  monthStartOf,
  newsOf,
  observe,
  readMonth,
  reserveOf,
  spentLine,
  type Month,
} from "./deploys-due";

const now = new Date("2026-11-20T12:00:00Z");
const kept: Month = {
  month: "2026-11",
  ends: "2026-12-01T00:00:00.000Z",
  builtAt: "2026-11-19T09:00:00.000Z",
  deploys: 5,
  unseen: 0,
  asked: null,
  spentSaid: null,
  live: null,
  seen: null,
  changing: false,
  reasked: 0,
};

describe("the month's count", () => {
  it("counts a new build of the month once: the function's own when it asked one, else a push", () => {
    expect(observe(kept, kept.builtAt!, now)).toEqual(kept);
    expect(observe(kept, "2026-11-20T11:00:00.000Z", now)).toMatchObject({ deploys: 6, unseen: 0 });
    expect(observe({ ...kept, deploys: 6, unseen: 1 }, "2026-11-20T11:00:00.000Z", now)).toMatchObject({
      deploys: 6,
      unseen: 0,
    });
  });

  it("counts no older record a cache serves now and then, nor the live one again after it", () => {
    const older = observe(kept, "2026-11-18T09:00:00.000Z", now);
    expect(older).toEqual(kept);
    expect(observe(older, kept.builtAt!, now)).toEqual(kept);
  });

  it("starts each month (UTC) from nothing, and counts no build of the month before", () => {
    const december = new Date("2026-12-01T00:00:00Z");
    expect(observe({ ...kept, unseen: 1, spentSaid: "2026-11-30" }, kept.builtAt!, december)).toMatchObject({
      month: "2026-12",
      deploys: 0,
      unseen: 0,
      spentSaid: null,
    });
    expect(observe(kept, "2026-11-30T23:59:00.000Z", december).deploys).toBe(0);
  });

  it("counts nothing for the build it finds on its first run, and reads a kept record back", () => {
    const first = observe(null, "2026-11-20T11:00:00.000Z", now);
    expect(first).toMatchObject({ month: "2026-11", deploys: 0, builtAt: "2026-11-20T11:00:00.000Z" });
    expect(readMonth(JSON.parse(JSON.stringify(first)))).toEqual(first);
    for (const value of [null, "x", [], { ...kept, deploys: -1 }, { ...kept, unseen: 1.5 }, { ...kept, month: 7 }]) {
      expect(readMonth(value)).toBeNull();
    }
    expect(readMonth({ ...kept, live: { a: 1 } })?.live).toBeNull();
    // Whether the last run found the shows changing reads back; a record kept before it was says not.
    expect(readMonth({ ...kept, seen: "abc", changing: true })).toMatchObject({ seen: "abc", changing: true });
    expect(readMonth({ ...kept, changing: undefined })?.changing).toBe(false);
    expect(readMonth({ ...kept, reasked: 1 })?.reasked).toBe(1);
    for (const reasked of [undefined, -1, 1.5, "1"]) expect(readMonth({ ...kept, reasked })?.reasked).toBe(0);
  });
});

describe("a month that starts on another day than the 1st (Netlify's credits reset then)", () => {
  it("counts from that day: a build the day before is last month's, one on the day this month's first", () => {
    const kept14: Month = {
      ...kept,
      month: "2026-10-14",
      ends: "2026-11-14T00:00:00.000Z",
      builtAt: "2026-11-12T09:00:00.000Z",
      deploys: 17,
    };
    // The 13th is still the month that started on 14 October.
    const thirteenth = new Date("2026-11-13T23:59:00Z");
    expect(observe(kept14, "2026-11-13T23:00:00.000Z", thirteenth, 14)).toMatchObject({
      month: "2026-10-14",
      deploys: 18,
    });
    // On the 14th the count starts afresh, and a build of the 13th is not this month's.
    const fourteenth = new Date("2026-11-14T00:10:00Z");
    expect(observe(kept14, "2026-11-13T23:00:00.000Z", fourteenth, 14)).toMatchObject({
      month: "2026-11-14",
      deploys: 0,
    });
    expect(observe(kept14, "2026-11-14T00:05:00.000Z", fourteenth, 14)).toMatchObject({ deploys: 1 });
  });

  it("takes the count whole when the first day changes before the kept month ended, and never loses it", () => {
    const twentieth = new Date("2026-11-20T12:00:00Z");
    // Counted from the 1st until the 20th, when DEPLOYS_MONTH_STARTS becomes 14: the month from the 14th
    // carries the 10 deploys (some of them before the 14th: counted twice rather than missed).
    const fromThe1st = { ...kept, deploys: 10, unseen: 1, spentSaid: null };
    expect(observe(fromThe1st, kept.builtAt!, twentieth, 14)).toMatchObject({
      month: "2026-11-14",
      ends: "2026-12-14T00:00:00.000Z",
      deploys: 10,
      unseen: 1,
    });
    // A record kept before it said when it ends: its name says so.
    expect(observe({ ...fromThe1st, ends: null }, kept.builtAt!, twentieth, 14).deploys).toBe(10);
    expect(observe({ ...fromThe1st, ends: null }, kept.builtAt!, twentieth)).toMatchObject({
      month: "2026-11",
      ends: "2026-12-01T00:00:00.000Z",
      deploys: 10,
    });
    // A month that had ended starts afresh.
    expect(observe(fromThe1st, kept.builtAt!, new Date("2026-12-03T00:00:00Z"), 2).deploys).toBe(0);
  });

  it("never drops a count it is not sure has ended: a clock behind the kept month, a record of no month", () => {
    const counted = { ...kept, deploys: 15 };
    // A clock that reads October leaves November's record as it is, and November goes on counting.
    const october = new Date("2026-10-31T23:00:00Z");
    expect(observe(counted, kept.builtAt!, october)).toEqual(counted);
    expect(observe(counted, kept.builtAt!, new Date("2026-11-02T00:00:00Z")).deploys).toBe(15);
    // A record whose month cannot be read is counted on, and its next month starts afresh.
    for (const month of ["garbage", "", "2026-11-xx"]) {
      const unreadable = observe({ ...counted, month, ends: null }, kept.builtAt!, now);
      expect(unreadable).toMatchObject({ month: "2026-11", ends: "2026-12-01T00:00:00.000Z", deploys: 15 });
      expect(observe(unreadable, kept.builtAt!, new Date("2026-12-01T00:10:00Z")).deploys).toBe(0);
    }
  });

  it("names the month by its first day, keeps the old names from the 1st, and ends a short month on its last day", () => {
    expect(monthAt(new Date("2026-11-20T12:00:00Z"))).toEqual({
      name: "2026-11",
      start: new Date("2026-11-01T00:00:00Z"),
      next: new Date("2026-12-01T00:00:00Z"),
    });
    expect(monthAt(new Date("2027-01-05T12:00:00Z"), 14)).toEqual({
      name: "2026-12-14",
      start: new Date("2026-12-14T00:00:00Z"),
      next: new Date("2027-01-14T00:00:00Z"),
    });
    // From the 31st: February's month starts on its 28th, and March's on the 31st.
    expect(monthAt(new Date("2027-03-01T00:00:00Z"), 31)).toMatchObject({
      name: "2027-02-28",
      next: new Date("2027-03-31T00:00:00Z"),
    });
    expect(monthAt(new Date("2027-02-27T23:00:00Z"), 31).start).toEqual(new Date("2027-01-31T00:00:00Z"));
  });

  it("says since when and until when the month's deploys are spent", () => {
    const spent = spentLine({ ...kept, month: "2026-11-14", deploys: 18 }, 18, new Date("2026-11-20T12:00:00Z"), 14);
    expect(spent).toContain("(18 counted since 14 November, UTC): nothing more is asked until 14 December;");
  });

  it("is DEPLOYS_MONTH_STARTS, the 1st by default; anything but a day of the month says so and keeps the 1st", () => {
    expect(monthStartOf(undefined)).toEqual({ day: 1 });
    expect(monthStartOf(" ")).toEqual({ day: 1 });
    expect(monthStartOf(" 14 ")).toEqual({ day: 14 });
    expect(monthStartOf("31")).toEqual({ day: 31 });
    for (const value of ["0", "32", "14.5", "the 14th", "-1"]) {
      const { day, problem } = monthStartOf(value);
      expect(day).toBe(1);
      expect(problem).toMatch(/^DEPLOYS_MONTH_STARTS is ".*", not a day of the month from 1 to 31: /);
    }
    expect(monthStartOf("x".repeat(5000)).problem!.length).toBeLessThan(200);
  });
});

describe("the allowance", () => {
  it("is MONTHLY_DEPLOYS, 18 by default; anything but a whole number says so and keeps the default", () => {
    expect(allowanceOf(undefined)).toEqual({ allowance: 18 });
    expect(allowanceOf(" 64 ")).toEqual({ allowance: 64 });
    for (const value of ["0", "-3", "2.5", "lots", "1e9"]) {
      const { allowance, problem } = allowanceOf(value);
      expect(allowance).toBe(18);
      expect(problem).toContain(`MONTHLY_DEPLOYS is "${value}"`);
    }
    expect(allowanceOf("x".repeat(5000)).problem!.length).toBeLessThan(200);
  });

  it("keeps 3 in reserve, fewer when it is very small", () => {
    expect([18, 64, 8, 4, 1].map(reserveOf)).toEqual([3, 3, 2, 1, 0]);
  });
});

describe("news fans must not miss", () => {
  const show = { id: "cork", status: "scheduled", starts_at: "2026-11-21T20:00:00+00:00" };
  const live = knownOf([show]);

  it("is a show cancelled, postponed, moved or taken off since the live site", () => {
    expect(newsOf([show], live)).toBeNull();
    expect(newsOf([{ ...show, status: "cancelled" }], live)).toBe("cork cancelled");
    expect(newsOf([{ ...show, status: "postponed" }], live)).toBe("cork postponed");
    expect(newsOf([{ ...show, starts_at: "2026-11-22T20:00:00+00:00" }], live)).toBe("cork moved");
    expect(newsOf([], live)).toBe("cork taken off");
  });

  it("is not a show sold out, a new ticket link, a new show, or the same start written otherwise", () => {
    expect(newsOf([{ ...show, status: "sold-out" }], live)).toBeNull();
    expect(newsOf([show, { ...show, id: "galway" }], live)).toBeNull();
    expect(newsOf([{ ...show, starts_at: "2026-11-21T20:00:00Z" }], live)).toBeNull();
    // Unknown live shows: a cancelled or postponed show is news all the same.
    expect(newsOf([{ ...show, status: "cancelled" }], null)).toBe("cork cancelled");
    expect(newsOf([show], null)).toBeNull();
  });
});

describe("the rule", () => {
  const time = { kind: "time", news: false } as const;
  const releaseDay = { kind: "time", news: true } as const;
  const change = { kind: "shows", news: null } as const;
  const cancellation = { kind: "shows", news: "cork cancelled" } as const;

  it("over a month of 18: all, then the shows, then news only, then nothing", () => {
    const afforded = (due: Parameters<typeof gate>[0]) =>
      Array.from({ length: 20 }, (_, deploys) => gate(due, deploys, 18).build).lastIndexOf(true) + 1;
    expect(afforded([time])).toBe(12);
    expect(afforded([change])).toBe(15);
    expect(afforded([cancellation])).toBe(18);
    expect(afforded([time, cancellation])).toBe(18);
    // A release's day, or a new year, which no browser changes on a page built before it, is news too.
    expect(afforded([releaseDay])).toBe(18);
  });

  it("asks what browsers show by themselves at the month's pace at most, and anything else as before", () => {
    // A third of the month gone: 12 × 1/3 = 4 deploys' worth of pace.
    expect(gate([time], 4, 18, 1 / 3)).toEqual({ build: true });
    expect(gate([time], 5, 18, 1 / 3)).toEqual({
      build: false,
      why: "5 of this month's 18 deploys counted, ahead of the month's pace of 4 by now for what browsers show by themselves",
    });
    for (const due of [[change], [releaseDay], [time, change]])
      expect(gate(due, 5, 18, 1 / 3)).toEqual({ build: true });
    expect(elapsedOf(new Date("2026-11-11T00:00:00Z"))).toBeCloseTo(1 / 3);
    expect(elapsedOf(new Date("2026-11-14T00:00:00Z"), 14)).toBe(0);
  });

  it("says why a build waits", () => {
    expect(gate([time], 12, 18)).toEqual({
      build: false,
      why: "12 of this month's 18 deploys counted, the last 6 kept for the shows and the owner's pushes",
    });
    expect(gate([change], 15, 18)).toEqual({
      build: false,
      why: "15 of this month's 18 deploys counted, the last 3 kept for the owner's pushes and news",
    });
    expect(gate([cancellation], 18, 18)).toEqual({ build: false, why: "this month's 18 deploys are spent" });
  });

  it("says the month is spent once a day", () => {
    expect(spentLine({ ...kept, deploys: 17 }, 18, now)).toBeNull();
    expect(spentLine({ ...kept, deploys: 18 }, 18, now)).toContain("nothing more is asked until 1 December");
    expect(spentLine({ ...kept, deploys: 18, spentSaid: "2026-11-20" }, 18, now)).toBeNull();
  });
});
