/**
 * The published shows on /calendar: the team's list, read when the calendar opens and after every change
 * made here; where each stands against the live site (its build record, looked at again every minute while
 * the calendar is shown); a published show's changes (postponed, rescheduled with its previous start kept,
 * sold out, cancelled, a new ticket link), each made only to the version the team saw; and each show's kept
 * versions with Restore. A refused call locks the page through the team session, as the calendar's other
 * calls do; any other failure says why in a toast and changes nothing.
 *
 * createShows takes the client, the session, the build record's reader and the timers, so a test drives it
 * with fakes; calendarShows() is the browser's one instance.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import { getSupabase } from "../../lib/supabase";
import { browserTimers, type Timers } from "../../lib/timers";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused } from "../team/team";
import { teamSession, type TeamSession } from "../team/team.store";
import { errorMessage } from "./calendar.errors";
import {
  fetchLiveBuild,
  fetchShowHistory,
  fetchShows,
  restoreShow,
  updateShow,
  type ShowChange,
  type ShowsClient,
  type ShowVersion,
} from "./calendar.api";
import { publishedDigest, showStandings, type LiveBuild, type Show } from "./calendar.shows";

export type ShowsDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  liveBuild: () => Promise<LiveBuild | null>;
  /** The digest of the published shows now (publishedDigest); null when it cannot be worked out. */
  digest?: (shows: readonly Show[]) => Promise<string | null>;
  timers: Timers;
};

/** A show's kept versions, as its history panel shows them. */
export type ShowHistory = { versions: ShowVersion[] | null; failed: boolean; restoring: number | null };

/** How often the live site's record is looked at again while the calendar is shown. */
export const LIVE_BUILD_EVERY_MS = 60_000;

const safeDigest = async (shows: readonly Show[]) => {
  try {
    return await publishedDigest(shows);
  } catch {
    return null;
  }
};

export function createShows(deps: ShowsDependencies) {
  const digestOf = deps.digest ?? safeDigest;
  const $shows = atom<Show[]>([]);
  const $build = atom<LiveBuild | null>(null);
  const $digest = atom<string | null>(null);
  /** Whether the Add Event form puts the gig on the website too. */
  const $publishNew = atom(false);
  /** The show being changed, by id (one change at a time per show). */
  const $changing = atom<Record<string, boolean>>({});
  const $standings = computed([$shows, $build, $digest], showStandings);
  const histories = new Map<string, WritableAtom<ShowHistory>>();

  const historyAtom = (id: string) => {
    let history = histories.get(id);
    if (!history) {
      history = atom<ShowHistory>({ versions: null, failed: false, restoring: null });
      histories.set(id, history);
    }
    return history;
  };

  /** A failed call: a refused session locks the page; anything else is said in a toast. */
  async function failed(title: string, error: unknown, opening: number | null) {
    if (isAccessRefused(error)) await deps.session.refuse(opening);
    else showToast({ title, description: errorMessage(error), variant: "destructive" });
  }

  async function setShows(shows: Show[]) {
    $shows.set(shows);
    $digest.set(await digestOf(shows));
  }

  /** Reads the shows and the live site's record again. */
  async function load(): Promise<void> {
    const opening = deps.session.currentOpening();
    try {
      const [shows, build] = await Promise.all([fetchShows(await deps.client()), deps.liveBuild()]);
      $build.set(build);
      await setShows(shows);
    } catch (error) {
      await failed("Error fetching shows", error, opening);
    }
  }

  /** A show as the server now has it, in place of the one shown. */
  async function replace(show: Show) {
    const others = $shows.get().filter((shown) => shown.id !== show.id);
    await setShows([...others, show].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at)));
  }

  /** Reads the shows when the calendar opens and the live record every minute; the returned stop ends it. */
  function start(): () => void {
    void load();
    const look = () => {
      void deps.liveBuild().then((build) => build && $build.set(build));
      timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    };
    let timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    return () => deps.timers.clearTimeout(timer);
  }

  /**
   * Changes the show `id` from the version shown, then says `done` in a toast. When someone changed it
   * meanwhile, nothing is changed: the show is read again and a toast says so. Returns whether it changed.
   */
  async function change(id: string, patch: ShowChange, done: string): Promise<boolean> {
    const show = $shows.get().find((shown) => shown.id === id);
    if (!show || $changing.get()[id]) return false;
    $changing.set({ ...$changing.get(), [id]: true });
    const opening = deps.session.currentOpening();
    try {
      const changed = await updateShow(await deps.client(), id, show.version, patch);
      if (!changed) {
        showToast({
          title: "Show not changed",
          description: "Someone changed this show meanwhile: it is shown as it is now. Try again.",
          variant: "destructive",
        });
        await load();
        return false;
      }
      await replace(changed);
      showToast({ title: done, description: `${changed.venue_name}: the website catches up in a few minutes` });
      return true;
    } catch (error) {
      await failed("Show not changed", error, opening);
      return false;
    } finally {
      $changing.set({ ...$changing.get(), [id]: false });
    }
  }

  /** Reads a show's kept versions, newest first. */
  async function loadHistory(id: string): Promise<void> {
    const history = historyAtom(id);
    history.set({ ...history.get(), failed: false });
    try {
      const versions = await fetchShowHistory(await deps.client(), id);
      history.set({ ...history.get(), versions });
    } catch {
      history.set({ ...history.get(), failed: true });
    }
  }

  /** Puts a kept version back, as a new version (itself kept, so a restore can be undone). */
  async function restore(id: string, version: number): Promise<boolean> {
    const history = historyAtom(id);
    if (history.get().restoring !== null) return false;
    history.set({ ...history.get(), restoring: version });
    const opening = deps.session.currentOpening();
    try {
      const show = await restoreShow(await deps.client(), id, version);
      await replace(show);
      showToast({ title: "Show restored", description: `${show.venue_name} is back as it was in version ${version}` });
      return true;
    } catch (error) {
      await failed("Show not restored", error, opening);
      return false;
    } finally {
      history.set({ ...history.get(), restoring: null });
      void loadHistory(id);
    }
  }

  return {
    $shows,
    $build,
    $standings,
    $publishNew,
    $changing,
    history: (id: string): ReadableAtom<ShowHistory> => historyAtom(id),
    start,
    load,
    replace,
    change,
    loadHistory,
    restore,
  };
}

export type Shows = ReturnType<typeof createShows>;

let browserShows: Shows | undefined;

/** The page's one list of shows, on the browser's client, team session, build record and timers. */
export function calendarShows(): Shows {
  browserShows ??= createShows({
    client: getSupabase,
    session: teamSession(),
    liveBuild: () => fetchLiveBuild(),
    timers: browserTimers,
  });
  return browserShows;
}
