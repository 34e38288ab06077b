/**
 * The scheduled run's two small records in Netlify Blobs (a store of the site): the last build asked for the shows
 * (./shows-due.ts) and the month's deploys (./deploys-due.ts), read and written within the run's time.
 */
import { getStore } from "@netlify/blobs";
import { readMonth, type Month } from "./deploys-due";
import { unreachable } from "./requests";
import type { Asked } from "./shows-due";

/**
 * The time a run gives its Netlify Blobs calls, from its start. Netlify stops a scheduled function after 30 s, and
 * the Blobs client retries a failing call for about 25 s: without a limit the run would be stopped before it could
 * log a word, or between keeping its records and asking the hook. 15 s, and the hook's 10 s after it, end in time.
 */
const RUN_MS = 15_000;

/** When the run began (performance.now()): set by startRun() as each run starts. */
let runStarted = performance.now();
export const startRun = () => void (runStarted = performance.now());
const timeLeft = () => Math.max(0, RUN_MS - (performance.now() - runStarted));

/** Netlify Blobs' store, as the run uses it. */
type Store = {
  get(key: string, options: { type: "json" }): Promise<unknown>;
  setJSON(key: string, value: unknown): Promise<unknown>;
};

/** The function's Netlify Blobs store, each call refused once the run's time is up (with an error unreachable() words). */
export const store = () => timedStore(getStore("rebuild-when-due"), timeLeft);

/** `store` with each call refused once the run's time (`left`) is up. */
function timedStore(store: Store, left: () => number): Store {
  const inTime = async <T>(call: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within the run's ${RUN_MS / 1000} s`)), left());
    });
    try {
      return await Promise.race([call, timeUp]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    get: (key, options) => inTime(store.get(key, options)),
    setJSON: (key, value) => inTime(store.setJSON(key, value)),
  };
}

/** The keys of the two records in the store. */
export const ASKED_KEY = "shows-build-asked";
export const MONTH_KEY = "deploys-this-month";

/** A line of the run's log, and whether it reports a problem. */
export type Line = { text: string; problem: boolean };

/** The month's record as kept, or why it could not be read. */
export async function keptMonth(): Promise<{ month: Month | null } | { problem: string }> {
  try {
    return { month: readMonth(await store().get(MONTH_KEY, { type: "json" })) };
  } catch (error) {
    return { problem: unreachable(error) };
  }
}

/**
 * Before a build is asked: the month's record as it is once asked (the deploy counted, the instant asked) and the
 * shows it will render, when they differ from the live ones. Returns why they could not be kept, or null.
 */
export async function keepBeforeAsking(month: Month, shows: Asked | null): Promise<string | null> {
  for (const [key, value, what] of [
    [MONTH_KEY, month, "the month's count of deploys"],
    [ASKED_KEY, shows, "the record of the shows it is asked for"],
  ] as const) {
    if (value === null) continue;
    try {
      await store().setJSON(key, value);
    } catch (error) {
      return (
        `${what} could not be kept in Netlify Blobs (${unreachable(error)}); nothing is asked until it can be, ` +
        "as a failing build would otherwise be asked again every run."
      );
    }
  }
  return null;
}

/** After a build could not be asked: the shows' record as it was, so the next run asks for them again. */
export async function putBackAsked(asked: Asked | null): Promise<Line[]> {
  try {
    await store().setJSON(ASKED_KEY, asked);
    return [];
  } catch (error) {
    return [
      {
        text:
          `The record of the shows the build was to render could not be put back in Netlify Blobs ` +
          `(${unreachable(error)}): they are asked again once they change, or once a later build is live.`,
        problem: true,
      },
    ];
  }
}
