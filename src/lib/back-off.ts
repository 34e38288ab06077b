/**
 * Something asked of the network that may not get through for a while, tried again until it does: a phone says
 * it is online a moment before its connection carries anything, so one more try at that moment is not enough.
 */
import type { Timers } from "./timers";

/** How soon a try that could not get through is tried again; each further try waits twice as long. */
export const RETRY_FIRST_MS = 2_000;

/** Tries `attempt` now, and again after a wait while it does not succeed; see triedAgain. */
type TriedAgain = {
  /** Tries at once, or joins the try on its way (one request, one wait after it); resolves to whether it succeeded. */
  now(): Promise<boolean>;
  /** Tries after the next wait, as after a failed try: for a first failure that happened elsewhere. */
  later(): void;
  /** The next wait is RETRY_FIRST_MS again: the network is back, so the next try, should it fail, is soon followed. */
  restart(): void;
  /** No further try, and none waiting. */
  stop(): void;
};

/**
 * `attempt`, resolving to whether it succeeded (a rejection is a failure), tried at `now()` and, after a failure,
 * again after RETRY_FIRST_MS, then twice as long after each further failure, at most `mostMs` apart, until one
 * succeeds or `stop()`; a success starts the waits over.
 */
export function triedAgain(attempt: () => Promise<boolean>, timers: Timers, mostMs: number): TriedAgain {
  let wait = RETRY_FIRST_MS;
  let timer: unknown;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  const later = () => {
    if (stopped) return;
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => void now(), wait);
    wait = Math.min(wait * 2, mostMs);
  };
  const now = (): Promise<boolean> => {
    if (running) return running;
    if (stopped) return Promise.resolve(false);
    timers.clearTimeout(timer);
    running = attempt()
      .catch(() => false)
      .then((succeeded) => {
        running = undefined;
        if (succeeded) wait = RETRY_FIRST_MS;
        else later();
        return succeeded;
      });
    return running;
  };
  return {
    now,
    later,
    restart() {
      wait = RETRY_FIRST_MS;
    },
    stop() {
      stopped = true;
      timers.clearTimeout(timer);
    },
  };
}
