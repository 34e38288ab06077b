import type { Timers } from "../../lib/timers";

/** Pause before a gathered reload: long enough to catch a burst of changes, too short to notice. */
export const RELOAD_GATHER_MS = 150;

/**
 * Reloads of the list after changes, gathered. `request()` asks for a reload:
 * requests within `gatherMs` share one read, at most one read is in flight, and
 * requests that arrive while it is exactly one more read once it is done. So
 * the list still ends up current after every change, while a
 * burst of 50 changes costs one or two reads instead of 50.
 */
export function coalescedReloads(
  read: () => Promise<unknown>,
  timers: Timers,
  gatherMs = RELOAD_GATHER_MS,
): { request: () => void; cancel: () => void } {
  let timer: unknown = null;
  let reading = false;
  let again = false;
  let cancelled = false;
  const schedule = () => {
    if (cancelled || timer !== null) return;
    timer = timers.setTimeout(start, gatherMs);
  };
  function start() {
    timer = null;
    if (cancelled) return;
    reading = true;
    again = false;
    Promise.resolve()
      .then(read)
      .catch(() => undefined)
      .finally(() => {
        reading = false;
        if (again) schedule();
      });
  }
  return {
    request() {
      if (reading) again = true;
      else schedule();
    },
    cancel() {
      cancelled = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
