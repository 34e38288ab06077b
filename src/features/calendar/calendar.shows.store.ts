/**
 * The published shows on /calendar: the team's list, read when the calendar opens, whenever the calendar's
 * events are read again (a change heard, the tab back in view) and after every change made here, and where each stands against the live site (its build record, looked at again every minute
 * while the calendar is shown). A refused read locks the page through the team session, as the calendar's
 * other calls do; any other failure says why in a toast. The changes a show's panel makes are a store of
 * their own (calendar.changes.store.ts), loaded with the panel.
 *
 * createShows takes the client, the session, the build record's reader and the timers, so a test drives it
 * with fakes; calendarShows() is the browser's one instance.
 */
import type { RealtimeChannel } from "@supabase/supabase-js";
import { atom, computed } from "nanostores";
import { replyOrder } from "../../lib/reply-order";
import { getSupabase } from "../../lib/supabase";
import { browserTimers, type Timers } from "../../lib/timers";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused } from "../team/team";
import { teamSession, type TeamSession } from "../team/team.store";
import { errorMessage } from "./calendar.errors";
import { fetchLiveBuild, fetchShows, subscribeToShowChanges, type ShowsClient } from "./calendar.api";
import { coalescedReloads } from "./calendar.reload";
import { publishedDigest, showStandings, type LiveBuild, type Show } from "./calendar.shows";

export type ShowsDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  liveBuild: () => Promise<LiveBuild | null>;
  /** The digest of the published shows now (publishedDigest); null when it cannot be worked out. */
  digest?: (shows: readonly Show[]) => Promise<string | null>;
  timers: Timers;
};

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
  const $standings = computed([$shows, $build, $digest], showStandings);

  /** Reads and changes made here, numbered: a slower reply to an older read never replaces what is newer. */
  const reads = replyOrder();

  /** Lists being shown, numbered: one is shown with its digest, and never after a newer one. */
  let showing = 0;
  async function setShows(shows: Show[]) {
    const mine = ++showing;
    // Worked out first: a list shown beside the digest of another would say a show stands where it does not.
    const digest = await digestOf(shows);
    if (mine !== showing) return;
    $shows.set(shows);
    $digest.set(digest);
  }

  /** Reads the shows and the live site's record again. */
  async function load(): Promise<void> {
    const opening = deps.session.currentOpening();
    const reply = reads.next();
    try {
      const [shows, build] = await Promise.all([fetchShows(await deps.client()), deps.liveBuild()]);
      if (!reply.show()) return;
      $build.set(build);
      await setShows(shows);
    } catch (error) {
      if (isAccessRefused(error)) await deps.session.refuse(opening);
      else if (!reply.stale()) {
        showToast({ title: "Error fetching shows", description: errorMessage(error), variant: "destructive" });
      }
    }
  }

  /** A show as the server now has it, in place of the one shown (and of any older read still on its way). */
  async function replace(show: Show) {
    reads.next().show();
    const others = $shows.get().filter((shown) => shown.id !== show.id);
    await setShows([...others, show].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at)));
  }

  /**
   * Reads the shows when the calendar opens, again whenever `events` (the calendar's list) is read again
   * (a change heard, the tab back in view) or a show changes (a teammate's change heard: a burst of them is
   * one read), and the live record every minute; the returned stop ends it.
   */
  function start(events?: { listen: (listener: () => void) => () => void }): () => void {
    let stopped = false;
    void load();
    const unlisten = events?.listen(() => void load()) ?? (() => {});
    const heard = coalescedReloads(load, deps.timers);
    let client: ShowsClient | null = null;
    let channel: RealtimeChannel | null = null;
    void deps
      .client()
      .then((opened) => {
        if (stopped) return;
        client = opened;
        channel = subscribeToShowChanges(opened, () => heard.request());
      })
      // The first read says why the client did not open.
      .catch(() => {});
    const look = () => {
      void deps.liveBuild().then((build) => build && $build.set(build));
      timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    };
    let timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    return () => {
      stopped = true;
      unlisten();
      heard.cancel();
      deps.timers.clearTimeout(timer);
      if (client && channel) void client.removeChannel(channel);
    };
  }

  return {
    $shows,
    $build,
    $standings,
    $publishNew,
    start,
    load,
    replace,
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
