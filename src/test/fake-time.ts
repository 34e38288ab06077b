/**
 * The one fake clock for the stores' unit tests: a time and timers that move only when the test moves
 * them, and Vitest's own fake timers in the shape a store is handed.
 */
import { afterEach, beforeEach, vi } from "vitest";
import type { Timers } from "../lib/timers";

/** A clock and timers that move only when told to, starting at `start` (ms since the epoch). */
export function fakeTime(start = new Date(2026, 10, 22, 18, 5, 9).getTime()) {
  let time = start;
  let lastId = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => time,
    timers: {
      setTimeout(run: () => void, ms: number) {
        lastId += 1;
        due.set(lastId, { at: time + ms, run });
        return lastId;
      },
      clearTimeout(id: unknown) {
        due.delete(id as number);
      },
    } satisfies Timers,
    /** How many timers are set and not yet run. */
    pending: () => due.size,
    /** Moves the clock on by `ms`, running, in order, every timer then due (one a timer sets runs next time). */
    advance(ms: number) {
      time += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > time || !due.has(id)) continue;
        due.delete(id);
        timer.run();
      }
    },
  };
}

/** Vitest's fake clock (timers and Date) for each test of the calling file or block. */
export function withVitestClock(): void {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] }));
  afterEach(() => vi.useRealTimers());
}

/** The global timers, which withVitestClock replaces, as a store takes them. */
export const globalTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};
