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
import { keptChannel, type RealtimeStatus } from "./calendar.realtime";
import { coalescedReloads } from "./calendar.reload";
import { publishedDigest, showStandings, type LiveBuild, type Show } from "./calendar.shows";

export type ShowsDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  liveBuild: () => Promise<LiveBuild | null>;
  /** The digest of the published shows now (publishedDigest); null when it cannot be worked out. */
  digest?: (shows: readonly Show[]) => Promise<string | null>;
  timers: Timers;
  /**
   * The time now, in ms (Date.now by default): how long the show changes' channel stayed joined, and how long
   * a show has waited for the live site.
   */
  now?: () => number;
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

/** Shows by doors ascending. */
const byDoors = (shows: Show[]) => shows.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));

/** `shows` but those with the id of one of `taking`. */
const withoutShows = (shows: readonly Show[], taking: readonly Show[]) =>
  shows.filter((shown) => !taking.some((taken) => taken.id === shown.id));

export function createShows(deps: ShowsDependencies) {
  const digestOf = deps.digest ?? safeDigest;
  const now = deps.now ?? (() => Date.now());
  const $shows = atom<Show[]>([]);
  const $build = atom<LiveBuild | null>(null);
  const $digest = atom<string | null>(null);
  /** Moved on each minute, whether the live record answers or not: the standings are worked out again. */
  const $clock = atom(now());
  // Worked out again each minute: a show behind long enough says it waits, one taken off long enough is off.
  const $standings = computed([$shows, $build, $digest, $clock], (shows, build, digest) =>
    showStandings(shows, build, digest, now()),
  );

  /** Reads, numbered: a slower reply to an older read never replaces what a newer one showed. */
  const reads = replyOrder();
  /**
   * Shows as a change made here left them, by id, each with the number of changes made here by then: a
   * read begun before the change keeps it unless it has a later version of that show (a teammate's
   * change since), and brings along every other show as it found it.
   */
  const changedHere = new Map<string, { show: Show; change: number }>();
  let changes = 0;

  /** Lists being shown, numbered: one is shown with its digest, and never after a newer one. */
  let showing = 0;
  /** The list last handed to setShows: shown, or shown once its digest is worked out. */
  let newest: Show[] = [];
  async function setShows(shows: Show[]) {
    const mine = ++showing;
    newest = shows;
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
    const begun = changes;
    try {
      const [shows, build] = await Promise.all([fetchShows(await deps.client()), deps.liveBuild()]);
      if (!reply.show()) return;
      $build.set(build);
      const kept = [...changedHere.values()].filter(({ change }) => change > begun).map(({ show }) => show);
      // Older changes are in this read, and no older read is shown after it.
      for (const [id, { change }] of changedHere) if (change <= begun) changedHere.delete(id);
      const newer = kept.filter((mine) => !shows.some((read) => read.id === mine.id && read.version >= mine.version));
      await setShows(newer.length === 0 ? shows : byDoors([...withoutShows(shows, newer), ...newer]));
    } catch (error) {
      if (isAccessRefused(error)) await deps.session.refuse(opening);
      else if (!reply.stale()) {
        showToast({ title: "Error fetching shows", description: errorMessage(error), variant: "destructive" });
      }
    }
  }

  /**
   * A show as the server now has it, in place of the one shown (and of its older version in any read still on
   * its way); nothing when a later version is already read (a teammate's change, read before this reply came).
   */
  async function replace(show: Show) {
    if (newest.some((shown) => shown.id === show.id && shown.version > show.version)) return;
    changedHere.set(show.id, { show, change: ++changes });
    // Built on the newest list, not the one on screen: a read whose digest is still being worked out is kept.
    await setShows(byDoors([...withoutShows(newest, [show]), show]));
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
    let status: RealtimeStatus = "connecting";
    // After the server closes the channel (a refused session, say), a new one after a pause.
    const kept = keptChannel({
      timers: deps.timers,
      now,
      status: () => status,
      onReport: (next) => {
        status = next.status;
        // A change made while no channel was joined is never heard: every join reads the shows again.
        if (next.refetch) heard.request();
      },
      rejoin: () => void resubscribe(),
    });
    const subscribe = () => {
      if (stopped || !client) return;
      channel = subscribeToShowChanges(client, () => heard.request(), kept.joining());
    };
    /** A new channel for the closed one, which leaves first: realtime-js hands back a channel still listed under the topic. */
    async function resubscribe() {
      if (stopped || !client) return;
      const closed = channel;
      channel = null;
      kept.leaving();
      if (closed) await client.removeChannel(closed);
      subscribe();
    }
    void deps
      .client()
      .then((opened) => {
        if (stopped) return;
        client = opened;
        subscribe();
      })
      // The first read says why the client did not open.
      .catch(() => {});
    const look = () => {
      $clock.set(now());
      void deps.liveBuild().then((build) => build && $build.set(build));
      timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    };
    let timer = deps.timers.setTimeout(look, LIVE_BUILD_EVERY_MS);
    return () => {
      stopped = true;
      unlisten();
      heard.cancel();
      deps.timers.clearTimeout(timer);
      kept.leaving();
      kept.cancel();
      if (client && channel) void client.removeChannel(channel);
    };
  }

  return {
    $shows,
    $build,
    $standings,
    start,
    load,
    replace,
  };
}

export type Shows = ReturnType<typeof createShows>;

let browserShows: Shows | undefined;

/** The page's one list of shows, on the browser's client, team session, build record and timers. */
export function calendarShows(): Shows {
  if (!browserShows) {
    browserShows = createShows({
      client: getSupabase,
      session: teamSession(),
      liveBuild: () => fetchLiveBuild(),
      timers: browserTimers,
    });
  }
  return browserShows;
}
