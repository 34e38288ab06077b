// The shows' decision alone, over simulated days of the team at work: runs every ten minutes, a Netlify that
// publishes a build a few minutes after it is asked (or fails it), and the function's one kept record.
import { describe, expect, it } from "vitest";
import { readAsked, showsDue, STUCK_MS, type Asked } from "./shows-due";

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
  let pending: { at: number; digest: string } | null = null;
  const requested: number[] = [];
  const caughtUp = new Map<string, number>();
  for (let now = start; now < start + hours * 60 * MINUTE; now += PERIOD) {
    if (pending && pending.at <= now) [live, pending] = [pending.digest, null];
    if (!caughtUp.has(live)) caughtUp.set(live, now);
    const database = { digest: digestAt(now), count: 3 };
    const decision = showsDue({ database, live, asked, seen }, new Date(now));
    seen = database.digest;
    if (decision.build) {
      requested.push(now);
      asked = { digest: database.digest, at: new Date(now).toISOString() };
      if (!fails(now)) pending = { at: now + buildMinutes * MINUTE, digest: database.digest };
    }
  }
  return { requested, caughtUp, live, final: digestAt(start + hours * 60 * MINUTE) };
}

describe("the shows' decision over a working day", () => {
  it("makes one build for a burst of changes, once a run finds them as the run before, live within two runs and a build", () => {
    // Twelve edits in four minutes, a show typed field by field.
    const edits = Array.from({ length: 12 }, (_, index) => 12 + index / 3);
    const { requested, live, final, caughtUp } = simulate({ edits });
    expect(requested).toEqual([start + 3 * PERIOD]);
    expect(live).toBe(final);
    // Seen live by the first run after the build: under 20 minutes plus one period after the last edit.
    expect(caughtUp.get(final)! - (start + 16 * MINUTE)).toBeLessThanOrEqual(3 * PERIOD);
  });

  it("makes one build for changes that go on across runs (a long sitting), once a run finds them as they were", () => {
    // An edit every four minutes for an hour, the last at 61 minutes: the runs at 70 and 80 find the same shows.
    const edits = Array.from({ length: 15 }, (_, index) => 5 + index * 4);
    const { requested, live, final } = simulate({ edits });
    expect(requested).toEqual([start + 8 * PERIOD]);
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
    const failedAt = start + 2 * PERIOD;
    const { requested, live, final } = simulate({ edits: [5, 200], fails: (at) => at === failedAt });
    expect(requested).toEqual([failedAt, start + 21 * PERIOD]);
    expect(live).toBe(final);
  });
});

describe("a change that is not news", () => {
  const database = { digest: "digest-b", count: 8 };
  const now = new Date("2026-11-01T19:40:00Z");

  it("waits for a run that finds the shows as the run before found them, and says so", () => {
    expect(showsDue({ database, live: "digest-a", asked: null, seen: "digest-c" }, now)).toEqual({
      build: false,
      problem: false,
      line:
        "No rebuild for the shows yet: they changed since the last run (the database has 8 published shows, digest " +
        "digest-b; the live build has digest-a); a build is asked once they stay the same for a run, so a sitting " +
        "in /calendar makes one build.",
    });
    expect(showsDue({ database, live: "digest-a", asked: null, seen: "digest-b" }, now).build).toBe(true);
  });

  it("is no reason to hold news: a show cancelled goes out at once", () => {
    const decision = showsDue({ database, live: "digest-a", asked: null, seen: "digest-c", news: "x cancelled" }, now);
    expect(decision.build).toBe(true);
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
