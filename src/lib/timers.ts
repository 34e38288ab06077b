/**
 * Timers handed to the stores, so a test drives a back-off or an Undo window
 * with fakes instead of waiting.
 */

/** The timer functions a store uses: the page's, or a test's fakes. */
export type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** The browser's own timers, looked up when called (never during a build). */
export const browserTimers: Timers = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};
