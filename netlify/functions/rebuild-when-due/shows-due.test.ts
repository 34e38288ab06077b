// The shows' decision alone, over simulated days of the team at work: runs every ten minutes, a Netlify that
// publishes a build a few minutes after it is asked (or fails it), the function's one kept record, and what the
// month's record keeps of the last run (the shows it read, and whether it found them changing).
import { describe, expect, it } from "vitest";
import { readAsked, showsChanging, showsDue, STUCK_MS, type Asked } from "./shows-due";

const MINUTE = 60_000;
const PERIOD = 10 * MINUTE;
const start = Date.parse("2026-03-02T09:00:00Z");

/**
 * Runs every period from `start` for `hours`; the database's shows change at each of `edits` (minutes after
 * the start); a build asked at t is live `buildMinutes` later with the shows as they were at t, unless
 * `fails(t)`. Returns when each build was asked, and when the live site last caught up with each edit.
 */
function simulate({
  edits,
  hours = 6,
  buildMinutes = 3,
  fails = (_at: number): boolean => false,
}: {
  edits: number[];
  hours?: number;
  buildMinutes?: number;
  fails?: (at: number) => boolean;
}) {
  const digestAt = (at: number) => `digest-${edits.filter((minute) => start + minute * MINUTE <= at).length}`;
  let live = digestAt(start);
  let asked: Asked | null = null;
  let seen: string | null = null;
  let changing = false;
  let pending: { at: number; digest: string } | null = null;
  const requested: number[] = [];
  const caughtUp = new Map<string, number>();
  for (let now = start; now < start + hours * 60 * MINUTE; now += PERIOD) {
    if (pending && pending.at <= now) [live, pending] = [pending.digest, null];
    if (!caughtUp.has(live)) caughtUp.set(live, now);
    const database = { digest: digestAt(now), count: 3 };
    const decision = showsDue({ database, live, asked, seen, changing }, new Date(now));
    [seen, changing] = [database.digest, showsChanging({ database, live, seen })];
    if (decision.build) {
      requested.push(now);
      asked = { digest: database.digest, at: new Date(now).toISOString() };
      if (!fails(now)) pending = { at: now + buildMinutes * MINUTE, digest: database.digest };
    }
  }
  return { requested, caughtUp, live, final: digestAt(start + hours * 60 * MINUTE) };
}

describe("the shows' decision over a working day", () => {
  it("makes one build for a burst of changes between two runs, asked by the first run after it: live within ten minutes and a build", () => {
    // Twelve edits in four minutes, a show typed field by field, after a quiet run.
    const edits = Array.from({ length: 12 }, (_, index) => 12 + index / 3);
    const { requested, live, final, caughtUp } = simulate({ edits });
    expect(requested).toEqual([start + 2 * PERIOD]);
    expect(live).toBe(final);
    // Live 3 minutes after the run at 20 asked, so seen live by the run at 30: under 10 minutes and a build plus a
    // run's period after the last edit.
    expect(caughtUp.get(final)! - (start + 16 * MINUTE)).toBeLessThanOrEqual(2 * PERIOD);
  });

  it("asks a single change after a quiet spell by the first run that sees it", () => {
    const { requested, live, final } = simulate({ edits: [43] });
    expect(requested).toEqual([start + 5 * PERIOD]);
    expect(live).toBe(final);
  });

  it("makes two builds for a burst across a run's tick: the first run asks what it found, the rest waits for a run", () => {
    // Edits from 8 to 12 minutes: the run at 10 finds half of them and asks; the run at 20 finds the shows changed
    // again while they were changing at 10, and waits; the run at 30 finds them as at 20, and asks.
    const edits = [8, 9, 11, 12];
    const { requested, live, final } = simulate({ edits });
    expect(requested).toEqual([start + PERIOD, start + 3 * PERIOD]);
    expect(live).toBe(final);
  });

  it("makes two builds for changes that go on across runs (a long sitting): one at its start, one once a run finds them as they were", () => {
    // An edit every four minutes for an hour, from 5 to 61 minutes. The run at 10 asks (the run before found the
    // shows as the live site had them) and its build is live by 20; the runs from 20 to 70 find the shows changed
    // again each time and wait, though at 20 they are no longer what the run before found live; the runs at 70
    // and 80 find the same shows, and the run at 80 asks.
    const edits = Array.from({ length: 15 }, (_, index) => 5 + index * 4);
    const { requested, live, final } = simulate({ edits });
    expect(requested).toEqual([start + PERIOD, start + 8 * PERIOD]);
    expect(live).toBe(final);
  });

  it("makes two builds at most however long a sitting goes on", () => {
    // An edit every seven minutes for five hours.
    const edits = Array.from({ length: 43 }, (_, index) => 3 + index * 7);
    const { requested, live, final } = simulate({ edits, hours: 8 });
    expect(requested).toHaveLength(2);
    expect(live).toBe(final);
  });

  it("asks nothing when nothing changed", () => {
    expect(simulate({ edits: [] }).requested).toEqual([]);
  });

  it("asks no second build while one takes longer than a run's period", () => {
    const { requested, live, final } = simulate({ edits: [3], buildMinutes: 14 });
    expect(requested).toHaveLength(1);
    expect(live).toBe(final);
  });

  it("asks once for shows whose build failed, and once more when they change again", () => {
    const failedAt = start + PERIOD;
    const { requested, live, final } = simulate({ edits: [5, 200], fails: (at) => at === failedAt });
    expect(requested).toEqual([failedAt, start + 20 * PERIOD]);
    expect(live).toBe(final);
  });

  it("never asks every run for shows whose builds all fail: once for each state of the shows", () => {
    // Every build fails, and the team makes a change every 25 minutes for five and a half hours: 14 states of the
    // shows, each asked once by the first run that sees it, in 36 runs.
    const edits = Array.from({ length: 14 }, (_, index) => 5 + index * 25);
    const { requested } = simulate({ edits, fails: () => true });
    expect(requested).toEqual(edits.map((minute) => start + Math.ceil(minute / 10) * PERIOD));
  });
});

describe("a change that is not news", () => {
  const database = { digest: "digest-b", count: 8 };
  const now = new Date("2026-11-01T19:40:00Z");

  it("is asked by the first run that sees it when the run before found the shows quiet", () => {
    // The run before found the shows as the live site has them.
    const quiet = { database, live: "digest-a", asked: null, seen: "digest-a", changing: false };
    expect(showsDue(quiet, now)).toEqual({
      build: true,
      title: "Rebuild: the published shows changed",
      line:
        "Rebuild requested: the published shows changed (the database has 8 published shows, digest digest-b; " +
        "the live build has digest-a).",
    });
    // Or as the run before it found them (a build failed, or waiting for room in the month).
    expect(showsDue({ ...quiet, seen: "digest-c", changing: false }, now).build).toBe(true);
  });

  it("is asked at once when no run before read the shows (the first run, or its record lost)", () => {
    expect(showsDue({ database, live: "digest-a", asked: null, seen: null }, now).build).toBe(true);
    expect(showsDue({ database, live: "digest-a", asked: null, seen: null, changing: true }, now).build).toBe(true);
  });

  it("waits while the shows were already changing at the run before (a sitting in /calendar), and says so", () => {
    const sitting = { database, live: "digest-a", asked: null, seen: "digest-c", changing: true };
    expect(showsDue(sitting, now)).toEqual({
      build: false,
      problem: false,
      line:
        "No rebuild for the shows yet: they were changing at the last run too (it found digest digest-c; the " +
        "database has 8 published shows, digest digest-b; the live build has digest-a), so a build is asked once " +
        "they stay the same for a run.",
    });
    // Once a run finds them as the run before found them, the build is asked.
    expect(showsDue({ ...sitting, seen: "digest-b" }, now).build).toBe(true);
  });

  it("waits when the build the run before asked is live already and the shows changed again since", () => {
    // The run before found c changing and asked for it; its build went live; the sitting goes on: b.
    const askedC = { digest: "digest-c", at: "2026-11-01T19:30:00.000Z" };
    const decision = showsDue(
      {
        database,
        live: "digest-c",
        asked: askedC,
        liveBuiltAt: "2026-11-01T19:32:00.000Z",
        seen: "digest-c",
        changing: true,
      },
      now,
    );
    expect(decision).toMatchObject({ build: false, problem: false });
    expect(decision.line).toMatch(/^No rebuild for the shows yet: they were changing at the last run too/);
  });

  it("is no reason to hold news: a show cancelled goes out at once", () => {
    const decision = showsDue(
      { database, live: "digest-a", asked: null, seen: "digest-c", changing: true, news: "x cancelled" },
      now,
    );
    expect(decision.build).toBe(true);
  });
});

describe("whether a run found the shows changing", () => {
  const database = { digest: "digest-b", count: 8 };

  it("is so when they are neither the live build's nor as the run before found them", () => {
    expect(showsChanging({ database, live: "digest-a", seen: "digest-c" })).toBe(true);
    // No run before read them: not known to be quiet.
    expect(showsChanging({ database, live: "digest-a", seen: null })).toBe(true);
    expect(showsChanging({ database, live: null, seen: "digest-a" })).toBe(true);
  });

  it("is not when they are the live build's, or as the run before found them", () => {
    expect(showsChanging({ database, live: "digest-b", seen: "digest-c" })).toBe(false);
    expect(showsChanging({ database, live: "digest-a", seen: "digest-b" })).toBe(false);
  });
});

describe("a build asked for shows that were undone before it read them", () => {
  const [a, b] = ["digest-a", "digest-b"];
  const askedForB = { digest: b, at: "2026-11-01T11:00:00.000Z" };
  const nextDay = new Date("2026-11-02T15:00:00Z");

  it("is spent once a build made after the request is live: the same change made again is asked once more", () => {
    // A show cancelled (b), a build asked for it, the cancel undone before the build read the shows: it rendered a.
    const built = "2026-11-01T11:01:30.000Z";
    const again = showsDue(
      { database: { digest: b, count: 1 }, live: a, asked: askedForB, liveBuiltAt: built, seen: b },
      nextDay,
    );
    expect(again).toMatchObject({ build: true, title: "Rebuild: the published shows changed" });
  });

  it("still stands while the live build is older than the request: a failed build is never asked every run", () => {
    const built = "2026-10-30T09:00:00.000Z";
    const failed = showsDue(
      { database: { digest: b, count: 1 }, live: a, asked: askedForB, liveBuiltAt: built },
      nextDay,
    );
    expect(failed).toMatchObject({ build: false, problem: true });
    expect(failed.line).toContain("look for its failed deploy");
  });
});

describe("its log line", () => {
  const database = { digest: "9c1e0f5a7b3d2e4f6a8b", count: 12 };
  const now = new Date("2026-03-02T10:30:00Z");

  it("gives the figures: how many shows, and both digests", () => {
    expect(showsDue({ database, live: "0a1b2c3d4e5f6a7b8c9d", asked: null, seen: database.digest }, now)).toEqual({
      build: true,
      title: "Rebuild: the published shows changed",
      line:
        "Rebuild requested: the published shows changed (the database has 12 published shows, digest " +
        "9c1e0f5a7b3d; the live build has 0a1b2c3d4e5f).",
    });
    expect(showsDue({ database, live: database.digest, asked: null }, now)).toEqual({
      build: false,
      problem: false,
      line: "Shows current: the live site has the database's 12 published shows, digest 9c1e0f5a7b3d.",
    });
  });

  it("calls a build asked half an hour ago and still not live a problem, not before", () => {
    const asked = (ago: number) => ({ digest: database.digest, at: new Date(now.getTime() - ago).toISOString() });
    const before = showsDue({ database, live: null, asked: asked(STUCK_MS - MINUTE) }, now);
    const after = showsDue({ database, live: null, asked: asked(STUCK_MS) }, now);
    expect(before).toMatchObject({ build: false, problem: false });
    expect(after).toMatchObject({ build: false, problem: true });
    expect(after.line).toContain("(30 minutes ago) and the live build recorded no shows digest");
  });
});

describe("the kept record", () => {
  it("is read when the function wrote it, and is nothing otherwise", () => {
    expect(readAsked({ digest: "abc", at: "2026-03-02T10:30:00.000Z" })).toEqual({
      digest: "abc",
      at: "2026-03-02T10:30:00.000Z",
    });
    for (const value of [null, "abc", { digest: "abc" }, { digest: 1, at: "2026-03-02" }, { digest: "a", at: "x" }]) {
      expect(readAsked(value)).toBeNull();
    }
  });
});
