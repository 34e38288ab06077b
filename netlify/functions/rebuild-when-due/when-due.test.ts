// The decision alone, over a simulated year: the spec's three dates and two releases, then eight shows a
// month for twelve months, with runs every ten minutes, some starting late or not reaching the site, and a
// Netlify that publishes the build a few minutes after it is asked (or fails it). The run keeps the instant it
// asked for, as the function keeps it in its month's record.
import { describe, expect, it } from "vitest";
import { laterChangesOf, nextChangeOf } from "../../../src/data/next-change";
import { buildInfo } from "./build-info.fake";
import { dueRecord, ON_ITS_WAY_MS, readAskedInstant, whenDue, type AskedInstant, type LiveRecord } from "./when-due";

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

/** The same year, the doors at 20:07 instead: each show is over between two runs, at 23:07. */
const offTick = {
  ...content,
  tourDates: content.tourDates.map((show) => ({ ...show, startDate: show.startDate.replace(/T20:00/, "T20:07") })),
};

/** The record a build made at `now` publishes. */
function recordAt(now: number, shows = content): LiveRecord {
  const next = nextChangeOf(shows, new Date(now));
  return buildInfo({
    builtAt: new Date(now).toISOString(),
    nextChangeAt: next?.at ?? null,
    nextChangeReason: next?.reason ?? null,
    laterChanges: laterChangesOf(shows, new Date(now)),
  });
}

/**
 * Every run from `from` to `to`, but those `skipped` says never reached the site (or the hook); a requested
 * build is live `buildMinutes` later, unless `fails` says it failed. Returns the instants each build was asked
 * for, and when the live record last moved to each instant.
 */
function simulate({
  fails = (_now: number): boolean => false,
  late = (_tick: number): number => 0,
  skipped = (_tick: number): boolean => false,
  buildMinutes = 3,
  shows = content,
}: {
  fails?: (now: number) => boolean;
  late?: (tick: number) => number;
  skipped?: (tick: number) => boolean;
  buildMinutes?: number;
  shows?: typeof content;
} = {}) {
  const [from, to] = [Date.parse("2025-03-01T00:00:00Z"), Date.parse("2026-07-01T00:00:00Z")];
  let live = recordAt(from, shows);
  /** The instants the live record moved past: a build made after each went live. */
  const builtPast = new Set<string>();
  let pending: { at: number; record: LiveRecord } | null = null;
  let asked: AskedInstant | null = null;
  const requested: string[] = [];
  const lateBy: number[] = [];
  for (let tick = from; tick < to; tick += PERIOD) {
    const now = tick + late(tick);
    if (pending && pending.at <= now) {
      if (pending.record.nextChangeAt !== live.nextChangeAt) builtPast.add(live.nextChangeAt!);
      [live, pending] = [pending.record, null];
    }
    if (skipped(tick)) continue;
    const due = dueRecord(live, new Date(now), PERIOD);
    const decision = whenDue(due, new Date(now), PERIOD, asked);
    if (decision.build) {
      requested.push(due.nextChangeAt!);
      lateBy.push(now - Date.parse(due.nextChangeAt!));
      asked = { instant: due.nextChangeAt!, at: new Date(now).toISOString() };
      const done = now + buildMinutes * MINUTE;
      if (!fails(now)) pending = { at: done, record: recordAt(done, shows) };
    }
  }
  return { requested, lateBy, builtPast };
}

describe("a year of runs", () => {
  it("asks at most one build per show, per release and per new year, each once", () => {
    const { requested, lateBy } = simulate();
    expect(new Set(requested).size).toBe(requested.length);
    // 99 shows, 2 releases and the new year 2026 (2025's dates then show their year).
    expect(requested).toHaveLength(99 + 2 + 1);
    // Each in the first run at or after its instant.
    expect(Math.max(...lateBy)).toBeLessThan(PERIOD);
  });

  it("asks the same, once each, when runs start up to four minutes late", () => {
    // A run's lateness, the same for a given tick whatever the run.
    const late = (tick: number) => ((tick / PERIOD) % 5) * MINUTE;
    const { requested } = simulate({ late });
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested).toHaveLength(102);
  });

  it("never asks twice for the instant of a build that failed, and asks for the next instant once it passes", () => {
    const failedOnce = new Set<number>();
    // Every build asked for in May 2025 fails (the Dublin show's end, on the 2nd); nobody pushes.
    const { requested } = simulate({
      fails: (now) => {
        const failing = now >= Date.parse("2025-05-01T00:00:00Z") && now < Date.parse("2025-06-01T00:00:00Z");
        if (failing) failedOnce.add(now);
        return failing;
      },
    });
    expect(failedOnce.size).toBe(1);
    expect(new Set(requested).size).toBe(requested.length);
    // The record of the build before it stays live, with the instants after: from June, every one is asked as before.
    const fromJune = (instants: string[]) => instants.filter((instant) => instant >= "2025-06");
    expect(fromJune(requested)).toEqual(fromJune(simulate().requested));
    expect(fromJune(requested)).toHaveLength(96 + 1);
  });

  it("asks once for each instant that passes while every build fails, and for none twice", () => {
    const { requested } = simulate({ fails: (now) => now >= Date.parse("2025-05-01T00:00:00Z") });
    expect(new Set(requested).size).toBe(requested.length);
    // Those the last good build listed: the Dublin show's end and the 16 instants after it.
    expect(requested.filter((instant) => instant >= "2025-05")).toHaveLength(1 + 16);
  });
});

describe("an instant no run could ask for in its own tick", () => {
  it("is asked by the next run that reaches the site, even hours or a tick late, and once", () => {
    // Every run of the evening of each show's end fails to read the live record (or its hook): 20:00 to 23:59.
    const evening = (tick: number) => new Date(tick).getUTCHours() >= 20;
    const { requested, lateBy } = simulate({ skipped: evening });
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested).toHaveLength(102);
    expect(Math.max(...lateBy)).toBeGreaterThanOrEqual(2 * 60 * MINUTE);
    // A run seven minutes late, past the tick its instant belongs to, asks too.
    const { requested: late } = simulate({ late: () => 7 * MINUTE });
    expect(late).toHaveLength(102);
  });
});

describe("runs that start late, and builds done in seconds", () => {
  it("never ask before an instant between two runs, however late a run starts, and every instant is built past", () => {
    // Each run up to nine minutes late, the lateness changing from run to run; Netlify done in half a minute.
    const late = (tick: number) => ((tick / PERIOD) % 10) * MINUTE;
    const { requested, lateBy, builtPast } = simulate({ late, buildMinutes: 0.5, shows: offTick });
    expect(Math.min(...lateBy)).toBeGreaterThanOrEqual(0);
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested).toHaveLength(102);
    expect([...new Set(requested)].filter((instant) => !builtPast.has(instant))).toEqual([]);
  });

  it("asks once more, after the instant, when the build asked a moment early was made before it", () => {
    const instant = "2026-04-23T22:10:00.000Z";
    const before = buildInfo({
      builtAt: "2026-04-23T12:00:00.000Z",
      nextChangeAt: instant,
      nextChangeReason: "the show is over",
    });
    // The 22:10 run starts 30 seconds early, and asks.
    expect(whenDue(before, new Date("2026-04-23T22:09:30Z"), PERIOD).build).toBe(true);
    const asked = { instant, at: "2026-04-23T22:09:30.000Z" };
    // Its build was done in 20 seconds, before the instant: the same instant, still due.
    const early = { ...before, builtAt: "2026-04-23T22:09:50.000Z" };
    const again = whenDue(early, new Date("2026-04-23T22:20:00Z"), PERIOD, asked);
    expect(again).toMatchObject({ build: true, title: "Rebuild: the show is over" });
    expect(again.line).toBe(
      "Rebuild requested again: the show is over at 2026-04-23T22:10:00.000Z, and the build asked at " +
        "2026-04-23T22:09:30.000Z was made before it (built 2026-04-23T22:09:50.000Z); Netlify is building and " +
        "deploying the site.",
    );
    // Asked again at 22:20; that build fails: the record stays, and nothing more is asked.
    const second = { instant, at: "2026-04-23T22:20:00.000Z" };
    expect(whenDue(early, new Date("2026-04-23T22:30:00Z"), PERIOD, second).build).toBe(false);
    expect(whenDue(early, new Date("2026-04-24T09:00:00Z"), PERIOD, second)).toMatchObject({
      build: false,
      problem: true,
    });
  });
});

describe("an instant asked for", () => {
  const live = recordAt(Date.parse("2025-04-20T09:00:00Z"));
  const after = (minutes: number) => new Date(Date.parse(live.nextChangeAt!) + minutes * MINUTE);
  const asked = { instant: live.nextChangeAt!, at: after(0).toISOString() };

  it("is asked for no more, is on its way for half an hour, then a problem the log names", () => {
    expect(whenDue(live, after(0), PERIOD)).toMatchObject({
      build: true,
      title: "Rebuild: the Galway show (galway-2025-04-23) is over",
    });
    expect(whenDue(live, after(10), PERIOD, asked)).toMatchObject({ build: false, problem: false });
    expect(whenDue(live, after(10), PERIOD, asked).line).toContain(
      "was asked at 2025-04-23T22:00:00.000Z (10 minutes ago) and is on its way",
    );
    expect(whenDue(live, after(ON_ITS_WAY_MS / MINUTE), PERIOD, asked)).toMatchObject({ build: false, problem: true });
    expect(whenDue(live, after(3 * 24 * 60), PERIOD, asked).line).toContain("the live record did not move since");
    // An older instant asked says nothing of this one: it is due.
    const older = { instant: "2025-04-01T00:00:00.000Z", at: "2025-04-01T00:00:00.000Z" };
    expect(whenDue(live, after(3 * 24 * 60), PERIOD, older).build).toBe(true);
    expect(whenDue(live, after(-10), PERIOD, null).build).toBe(false);
  });

  it("is read back as kept, and a record from before it was kept reads as none", () => {
    expect(readAskedInstant(JSON.parse(JSON.stringify(asked)))).toEqual(asked);
    for (const value of [
      undefined,
      null,
      "2025-04-23T22:00:00.000Z",
      { instant: live.nextChangeAt },
      { instant: 1, at: asked.at },
      { ...asked, at: "soon" },
    ]) {
      expect(readAskedInstant(value)).toBeNull();
    }
  });
});
