/**
 * The unlocked calendar's events, kept current: the list from calendar_events,
 * read again after realtime changes (gathered, so a burst of changes costs one
 * or two reads, not one per change), the live indicator's state, adding an
 * event from the draft, and the .ics export of what is shown.
 *
 * realtime-js reconnects and rejoins by itself after a drop, and every join
 * reads the list again, since changes made while no channel was joined are
 * never replayed. A channel the server closed is subscribed again after a
 * pause that grows while closes keep coming. When the tab returns to the
 * foreground or the network comes back, the channel is replaced and the list
 * read again. A refused read locks the page through the team session. Adding an event from the draft is a
 * store of its own (calendar.add.store.ts), which the feed lends its session and its read of the list.
 *
 * createCalendarFeed takes the client, the session, the draft, the timers, the clock and
 * the page's event sources, so a test drives a drop, a back-off or a late
 * reply with fakes; calendarFeed() is the browser's one instance.
 */
import type { RealtimeChannel } from "@supabase/supabase-js";
import { atom } from "nanostores";
import { site } from "../../data/site";
import { replyOrder } from "../../lib/reply-order";
import { getSupabase } from "../../lib/supabase";
import { browserTimers, type Timers } from "../../lib/timers";
import { showToast } from "../toasts/toasts.store";
import type { CalendarEvent } from "./calendar";
import { errorMessage } from "./calendar.errors";
import { placedAtShows, type Show } from "./calendar.shows";
import { keptChannel, type RealtimeStatus } from "./calendar.realtime";
import { coalescedReloads } from "./calendar.reload";
import { isAccessRefused } from "../team/team";
import { signOutControl } from "../team/team.signout.store";
import { teamSession, type EventSource, type PageSource, type TeamSession } from "../team/team.store";
import { fetchEvents, subscribeToEvents, type CalendarClient } from "./calendar.api";
import { createEventAdding } from "./calendar.add.store";
import { eventDraft, type EventDraftStore } from "./calendar.draft.store";
import { lazyCode } from "../../lib/retried";

export type CalendarFeedDependencies = {
  /** The client, as the browser loads it (once, on first use). */
  client: () => Promise<CalendarClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse" | "watch">;
  /** The Add Event form's values and day, which outlive a lock. */
  draft: Pick<EventDraftStore, "$eventDraft" | "$selectedDay" | "clearEventDraft" | "idToAdd">;
  timers: Timers;
  /** Milliseconds since the epoch: how long a channel stayed joined, and the export's date. */
  now: () => number;
  page: PageSource;
  network: EventSource;
};

/** A file to offer as a download. */
export type DownloadFile = { filename: string; text: string; mimeType: string };

type Refetch = (options?: { quiet?: boolean }) => Promise<void>;

/** The .ics writer, fetched on the first export rather than with the calendar: most visits export nothing. */
const exportWriter = lazyCode(() => import("./calendar.export"));

export function createCalendarFeed(deps: CalendarFeedDependencies) {
  const $events = atom<CalendarEvent[]>([]);
  const $status = atom<RealtimeStatus>("connecting");
  /** Whether the list shown was read since the feed started: until then, an empty list says nothing of the calendar. */
  const $read = atom(false);
  /** The running feed's read of the list, and its stop; null while stopped. */
  let running: { refetch: Refetch; stop: () => void } | null = null;

  /**
   * Shows the list and keeps it current until the returned stop (the page
   * locked, or left). Each start begins afresh: an empty list, "Connecting…".
   */
  function start(): () => void {
    running?.stop();
    $events.set([]);
    $read.set(false);
    $status.set("connecting");
    let client: CalendarClient | null = null;
    let channel: RealtimeChannel | null = null;
    let disposed = false;
    /** The list's reads: a slower reply to an older read never replaces what a newer one showed. */
    const reads = replyOrder();
    let stopSessionWatch = () => {};

    /** Reads the list again. `quiet`: say nothing of a failure if a list is already shown. */
    const refetch: Refetch = async ({ quiet = false } = {}) => {
      const reply = reads.next();
      const opening = deps.session.currentOpening();
      try {
        const fresh = await fetchEvents(await deps.client());
        // A failed newer read does not count: an older reply is still a list.
        if (!disposed && reply.show()) {
          $events.set(fresh);
          $read.set(true);
        }
      } catch (error) {
        // The server no longer lets this session read the calendar: back to the gate, saying why.
        if (isAccessRefused(error)) {
          await deps.session.refuse(opening);
          return;
        }
        // The page locked while the read was on its way: nothing to say to the Enter Password screen.
        if (disposed || opening === null || opening !== deps.session.currentOpening()) return;
        // The list is left as it was.
        if (quiet && reads.anyShown()) return;
        showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
      }
    };
    const reloads = coalescedReloads(() => refetch(), deps.timers);

    // Only the current channel moves the indicator (a replaced one reports CLOSED as it goes); after the server
    // closes it, a new one after a pause.
    const kept = keptChannel({
      timers: deps.timers,
      now: deps.now,
      status: () => $status.get(),
      onReport: (next) => {
        // A first join comes with a read of the list of its own, which reports any failure.
        if (next.refetch) void refetch({ quiet: $status.get() === "connecting" });
        $status.set(next.status);
      },
      rejoin: () => resyncs.request(),
    });
    const subscribe = () => {
      if (!client || disposed) return;
      channel = subscribeToEvents(client, () => reloads.request(), kept.joining());
    };
    /** A new channel for the old one, and a read of the list: a visible page catches up on what it missed. */
    const replaceChannel = async () => {
      if (!client || disposed || deps.page.visibilityState !== "visible") return;
      const old = channel;
      channel = null;
      kept.leaving();
      $status.set("connecting");
      if (old) await client.removeChannel(old);
      // Stopped (the page locked) while the old channel was leaving: no new channel, no read.
      if (disposed) return;
      subscribe();
      await refetch();
    };
    // Gathered and one at a time, as reloads are: a "visible" and an "online" arriving together
    // (or during a replacement) cost one new channel, not two.
    const resyncs = coalescedReloads(replaceChannel, deps.timers);
    function resync() {
      kept.cancel();
      resyncs.request();
    }
    const onOffline = () => $status.set("reconnecting");

    void (async () => {
      try {
        client = await deps.client();
      } catch (error) {
        showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
        return;
      }
      if (disposed) return;
      stopSessionWatch = deps.session.watch();
      subscribe();
      await refetch();
    })();
    deps.page.addEventListener("visibilitychange", resync);
    deps.network.addEventListener("online", resync);
    deps.network.addEventListener("offline", onOffline);

    const stop = () => {
      if (disposed) return;
      disposed = true;
      if (running?.stop === stop) running = null;
      kept.leaving();
      kept.cancel();
      reloads.cancel();
      resyncs.cancel();
      stopSessionWatch();
      deps.page.removeEventListener("visibilitychange", resync);
      deps.network.removeEventListener("online", resync);
      deps.network.removeEventListener("offline", onOffline);
      if (client && channel) void client.removeChannel(channel);
    };
    running = { refetch, stop };
    return stop;
  }

  /**
   * "Export calendar (.ics)": every event shown, as an iCalendar file dated
   * today; null when there is nothing to export, or when an event cannot be
   * written (then a toast says which). The writer is loaded on the first export.
   * A gig with a show is where the page shows it (on the show's day, placedAtShows) and says how the show
   * stands (cancelled, postponed), as the team's phone feed does.
   */
  async function exportFile(shows: readonly Show[] = []): Promise<DownloadFile | null> {
    const events = placedAtShows($events.get(), shows);
    if (events.length === 0) return null;
    try {
      const { calendarExport, showStanding, ICS_MIME_TYPE } = await exportWriter();
      const { filename, text } = calendarExport(events, {
        now: new Date(deps.now()),
        domain: new URL(site.url).hostname,
        artistName: site.artistName,
        standings: new Map(shows.map((show) => [show.event_id, showStanding(show.status)])),
      });
      return { filename, text, mimeType: ICS_MIME_TYPE };
    } catch (error) {
      showToast({ title: "Error exporting calendar", description: errorMessage(error), variant: "destructive" });
      return null;
    }
  }

  // Only a successful add reads the list again, and only while the feed runs.
  const adding = createEventAdding({ ...deps, added: () => void running?.refetch() });

  /** Reads the list again while the feed runs (a gig added with its show, calendar.publish.store.ts). */
  const refresh = () => void running?.refetch();

  return { $events, $status, $read, ...adding, start, exportFile, refresh };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;

let browserFeed: CalendarFeed | undefined;

/** The page's one calendar feed, on the browser's client, team session, timers, clock, document and window. */
export function calendarFeed(): CalendarFeed {
  if (!browserFeed) {
    const draft = eventDraft();
    browserFeed = createCalendarFeed({
      client: getSupabase,
      session: teamSession(),
      draft,
      timers: browserTimers,
      now: () => Date.now(),
      page: document,
      network: window,
    });
    // Sign out forgets the Add Event form, its day too (a lock keeps them): the next person starts on a blank one.
    signOutControl().whenSignedOut(() => {
      draft.clearEventDraft();
      draft.selectDay(undefined);
    });
  }
  return browserFeed;
}
