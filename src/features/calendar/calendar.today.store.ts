/**
 * Today's date in the browser (yyyy-MM-dd), which splits the Upcoming Events list from the past ones: kept
 * current while something listens, past midnight and after a phone wakes (a timer to the next local midnight,
 * and a look at the clock whenever the page is shown again). createToday is a test's own; today() the page's.
 */
import { atom, onMount } from "nanostores";
import { browserTimers, type Timers } from "../../lib/timers";
import { dayKey } from "./calendar";

/** Milliseconds from `now` to the next local midnight (a day of 23 or 25 hours included). */
export function untilNextDay(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(0, next.getTime() - now.getTime());
}

/** What the page gives the store: its clock, its timers, and word of being shown again. */
type TodayDeps = {
  now?: () => Date;
  timers?: Timers;
  /** Calls `look` whenever the page is shown again; returns how to stop. */
  onShown?: (look: () => void) => () => void;
};

/** The page shown again: a phone unlocked, a tab come back to, a laptop woken with the page in front. */
const pageShown = (look: () => void) => {
  const onChange = () => void (document.visibilityState === "visible" && look());
  document.addEventListener("visibilitychange", onChange);
  window.addEventListener("focus", look);
  return () => {
    document.removeEventListener("visibilitychange", onChange);
    window.removeEventListener("focus", look);
  };
};

export function createToday({ now = () => new Date(), timers = browserTimers, onShown = pageShown }: TodayDeps = {}) {
  const $today = atom(dayKey(now()));
  onMount($today, () => {
    let timer: unknown;
    const look = () => {
      timers.clearTimeout(timer);
      const at = now();
      $today.set(dayKey(at));
      // A moment past midnight, so the timer never fires on the last instant of the day it ends.
      timer = timers.setTimeout(look, untilNextDay(at) + 50);
    };
    look();
    const stopLooking = onShown(look);
    return () => {
      timers.clearTimeout(timer);
      stopLooking();
    };
  });
  return $today;
}

let pageToday: ReturnType<typeof createToday> | undefined;

/** The page's one "today", read by the Upcoming Events list. */
export function today(): ReturnType<typeof createToday> {
  pageToday ??= createToday();
  return pageToday;
}
