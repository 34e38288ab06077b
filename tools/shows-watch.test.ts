// `npm start` publishing by itself: a change to the published shows rebuilds the site once it has
// settled, a burst of changes makes one build, and a failed build waits for the next change.
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchShows } from "./shows-watch.mjs";

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A watch over shows whose digest is `shows.now`, with a build that records its digest unless told to fail;
 * while `shows.unreadable`, the served build's record cannot be read.
 */
function watching({ fails = false, throws = false } = {}) {
  vi.useFakeTimers();
  const shows = { now: "a", built: "a", builds: 0, fails, throws, unreadable: false };
  const log: string[] = [];
  const watch = watchShows({
    digestNow: async () => shows.now,
    builtDigest: () => {
      // As readBuild throws when the process has no file handle left.
      if (shows.unreadable) throw new Error("EMFILE: too many open files, scandir 'dist'");
      return shows.built;
    },
    rebuild: async () => {
      shows.builds += 1;
      if (shows.throws) throw new Error("EBUSY: resource busy or locked, rename 'dist'");
      if (shows.fails) return false;
      shows.built = shows.now;
      return true;
    },
    intervalMs: 1_000,
    quietMs: 3_000,
    log: (line) => log.push(line),
  });
  /** Lets `ms` pass, the looks and builds they start included. */
  const pass = async (ms: number) => {
    for (let waited = 0; waited < ms; waited += 500) {
      await vi.advanceTimersByTimeAsync(500);
      await watch.idle();
    }
  };
  return { shows, log, watch, pass };
}

describe("rebuilding after the published shows change", () => {
  it("builds nothing while the shows are those the site shows", async () => {
    const { shows, watch, pass } = watching();
    await pass(20_000);
    expect(shows.builds).toBe(0);
    watch.stop();
  });

  it("makes one build for a burst of changes, once they have settled", async () => {
    const { shows, log, watch, pass } = watching();
    for (const digest of ["b", "c", "d", "e"]) {
      shows.now = digest;
      await pass(1_500);
    }
    expect(shows.builds).toBe(0);
    await pass(5_000);
    expect(shows.builds).toBe(1);
    expect(shows.built).toBe("e");
    expect(log).toEqual([
      "The published shows changed: rebuilding the site…",
      "✔ The site shows the published shows as they are now.",
    ]);
    await pass(20_000);
    expect(shows.builds).toBe(1);
    watch.stop();
  });

  it("does not retry a failed build until the shows change again", async () => {
    const { shows, log, watch, pass } = watching({ fails: true });
    shows.now = "b";
    await pass(30_000);
    expect(shows.builds).toBe(1);
    expect(log.at(-1)).toContain("the site stays as it was until the shows change again");
    shows.fails = false;
    shows.now = "c";
    await pass(6_000);
    expect(shows.builds).toBe(2);
    expect(shows.built).toBe("c");
    watch.stop();
  });

  it("builds shows a build failed on once they change back to them", async () => {
    const { shows, watch, pass } = watching({ fails: true });
    shows.now = "b";
    await pass(30_000);
    shows.fails = false;
    // Undone, then made again: the site still shows "a".
    shows.now = "a";
    await pass(6_000);
    shows.now = "b";
    await pass(6_000);
    expect(shows.builds).toBe(2);
    expect(shows.built).toBe("b");
    watch.stop();
  });

  it("keeps watching when a build cannot even be made, saying why, and builds at the next change", async () => {
    const { shows, log, watch, pass } = watching({ throws: true });
    shows.now = "b";
    await pass(30_000);
    expect(shows.builds).toBe(1);
    expect(log.at(-1)).toBe(
      "✖ The rebuild failed (EBUSY: resource busy or locked, rename 'dist'): the site stays as it was until the " +
        "shows change again.",
    );
    shows.throws = false;
    shows.now = "c";
    await pass(6_000);
    expect(shows.built).toBe("c");
    watch.stop();
  });

  it("keeps watching while the served build cannot be read, saying so once, and builds once it can", async () => {
    const { shows, log, watch, pass } = watching();
    shows.unreadable = true;
    shows.now = "b";
    await pass(10_000);
    expect(shows.builds).toBe(0);
    expect(log).toEqual([
      "✖ Could not look at the published shows (EMFILE: too many open files, scandir 'dist'): looking again shortly.",
    ]);
    shows.unreadable = false;
    await pass(2_000);
    expect(shows.builds).toBe(1);
    expect(shows.built).toBe("b");
    watch.stop();
  });

  it("looks again later when the shows cannot be read, saying so once when it lasts beyond one look", async () => {
    vi.useFakeTimers();
    let reads = 0;
    let failing = 1;
    const log: string[] = [];
    const rebuild = vi.fn(async () => true);
    const watch = watchShows({
      digestNow: async () => {
        reads += 1;
        if (reads <= failing) throw new Error("the backend is stopping");
        return "a";
      },
      builtDigest: () => "a",
      rebuild,
      intervalMs: 1_000,
      log: (line) => log.push(line),
    });
    // One look the backend could not answer, then the shows as built: nothing to say.
    await vi.advanceTimersByTimeAsync(2_500);
    await watch.idle();
    expect(log).toEqual([]);
    // Five looks running: said once.
    failing = reads + 5;
    await vi.advanceTimersByTimeAsync(5_000);
    await watch.idle();
    expect(reads).toBe(7);
    expect(log).toEqual(["✖ Could not look at the published shows (the backend is stopping): looking again shortly."]);
    expect(rebuild).not.toHaveBeenCalled();
    watch.stop();
  });
});
