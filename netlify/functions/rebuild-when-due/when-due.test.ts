// The decision alone, over a simulated year: the spec's three dates and two releases, then eight shows a
// month for twelve months, with runs every ten minutes, some starting late, and a Netlify that publishes the
// build a few minutes after it is asked (or fails it).
import { describe, expect, it } from "vitest";
import { nextChangeOf } from "../../../src/data/next-change";
import { readRecord, whenDue, type LiveRecord } from "./when-due";

const MINUTE = 60_000;
const PERIOD = 10 * MINUTE;

const specShows = [
  { id: "galway-2025-04-23", startDate: "2025-04-23T20:00:00+01:00", venue: { town: "Galway" } },
  { id: "donegal-2025-04-26", startDate: "2025-04-26T20:00:00+01:00", venue: { town: "Donegal Town" } },
  { id: "dublin-2025-05-02", startDate: "2025-05-02T20:00:00+01:00", venue: { town: "Dublin" } },
];
const releases = [
  { id: "mother", title: "Mother", releaseDate: "2025-03-07T00:00:00+00:00" },
  { id: "mother-ep", title: "Mother", releaseDate: "2025-04-25T00:00:00+01:00" },
];
/** Eight shows a month from June 2025 to May 2026, doors at 20:00 UTC on the 3rd, 6th, … 24th. */
const yearOfShows = Array.from({ length: 12 * 8 }, (_, index) => {
  const month = new Date(Date.UTC(2025, 5 + Math.floor(index / 8), 3 + (index % 8) * 3, 20));
  const day = month.toISOString().slice(0, 10);
  return { id: `show-${day}`, startDate: `${day}T20:00:00Z`, venue: { town: "Cork" } };
});
const content = { tourDates: [...specShows, ...yearOfShows], releases };

/** The record a build made at `now` publishes. */
function recordAt(now: number): LiveRecord {
  const next = nextChangeOf(content, new Date(now));
  return {
    builtAt: new Date(now).toISOString(),
    nextChangeAt: next?.at ?? null,
    nextChangeReason: next?.reason ?? null,
  };
}

/**
 * Every run from `from` to `to`; a requested build is live `buildMinutes` later, unless `fails` says it failed.
 * Returns the instants each build was asked for at.
 */
function simulate({
  fails = (_now: number): boolean => false,
  late = (_tick: number): number => 0,
  buildMinutes = 3,
}: { fails?: (now: number) => boolean; late?: (tick: number) => number; buildMinutes?: number } = {}) {
  const [from, to] = [Date.parse("2025-03-01T00:00:00Z"), Date.parse("2026-07-01T00:00:00Z")];
  let live = recordAt(from);
  let pending: { at: number; record: LiveRecord } | null = null;
  const requested: string[] = [];
  for (let tick = from; tick < to; tick += PERIOD) {
    const now = tick + late(tick);
    if (pending && pending.at <= now) [live, pending] = [pending.record, null];
    const decision = whenDue(live, new Date(now), PERIOD);
    if (decision.build) {
      requested.push(live.nextChangeAt!);
      if (!fails(now)) pending = { at: now + buildMinutes * MINUTE, record: recordAt(now + buildMinutes * MINUTE) };
    }
  }
  return requested;
}

describe("a year of runs", () => {
  it("asks at most one build per show, per release and per new year, each once", () => {
    const requested = simulate();
    expect(new Set(requested).size).toBe(requested.length);
    // 99 shows, 2 releases and the new year 2026 (2025's dates then show their year).
    expect(requested).toHaveLength(99 + 2 + 1);
  });

  it("asks the same, once each, when runs start up to four minutes late", () => {
    // A run's lateness, the same for a given tick whatever the run.
    const late = (tick: number) => ((tick / PERIOD) % 5) * MINUTE;
    const requested = simulate({ late });
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested).toHaveLength(102);
  });

  it("never asks twice for the instant of a build that failed", () => {
    const failedOnce = new Set<number>();
    // Every build asked for in May 2025 fails; the owner's next push comes later.
    const requested = simulate({
      fails: (now) => {
        const failing = now >= Date.parse("2025-05-01T00:00:00Z") && now < Date.parse("2025-06-01T00:00:00Z");
        if (failing) failedOnce.add(now);
        return failing;
      },
    });
    expect(failedOnce.size).toBe(1);
    expect(new Set(requested).size).toBe(requested.length);
  });
});

describe("an instant that waited for room in the month's deploys", () => {
  const live = recordAt(Date.parse("2025-04-20T09:00:00Z"));
  const days = (n: number) => new Date(Date.parse(live.nextChangeAt!) + n * 24 * 60 * MINUTE);

  it("is due in any later run while the live record keeps it, and only then", () => {
    expect(whenDue(live, days(3), PERIOD).build).toBe(false);
    expect(whenDue(live, days(3), PERIOD, live.nextChangeAt)).toMatchObject({
      build: true,
      title: "Rebuild: the Galway show (galway-2025-04-23) is over",
    });
    expect(whenDue(live, days(3), PERIOD, "2025-04-01T00:00:00.000Z").build).toBe(false);
    expect(whenDue(live, days(-1), PERIOD, live.nextChangeAt).build).toBe(false);
  });
});

describe("the live record", () => {
  it("is read when the build wrote it, and refused with the reason otherwise", () => {
    expect(readRecord(JSON.stringify({ builtAt: "x", nextChangeAt: null, nextChangeReason: null }))).toEqual({
      builtAt: "x",
      nextChangeAt: null,
      nextChangeReason: null,
      showsDigest: null,
    });
    expect(readRecord("<html>")).toBe("it is not JSON");
    expect(readRecord("null")).toBe("it lacks builtAt, nextChangeAt or nextChangeReason");
    expect(readRecord(JSON.stringify({ builtAt: "x", nextChangeAt: "soon", nextChangeReason: null }))).toBe(
      "it lacks builtAt, nextChangeAt or nextChangeReason",
    );
  });

  it("keeps later fields a build may add", () => {
    const record = { builtAt: "x", nextChangeAt: null, nextChangeReason: null, showsDigest: "abc" };
    expect(readRecord(JSON.stringify(record))).toEqual(record);
  });
});
