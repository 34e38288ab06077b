/**
 * The unlocked calendar: the live indicator, the export button, the month view
 * with its legend, the Add Event form and the Upcoming Events list, kept
 * current by realtime. Loaded only once the team has signed in, so the Enter
 * Password screen comes without the month view's code.
 */
import { useStore } from "@nanostores/react";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { AddEventForm } from "./AddEventForm";
import {
  coalescedReloads,
  nextRealtimeStatus,
  resubscribeAttempt,
  resubscribeDelay,
  type CalendarEvent,
  type RealtimeStatus,
} from "./calendar";
import { fetchEvents, subscribeToEvents } from "./calendar.api";
import { $selectedDay, currentOpening, refuseCalendar, selectDay, watchTeamSession } from "./calendar.store";
import { EventTypeLegend } from "./EventTypeLegend";
import { ExportButton } from "./ExportButton";
import { LiveIndicator } from "./LiveIndicator";
import { MonthView } from "./MonthView";
import { UpcomingEvents } from "./UpcomingEvents";
import { errorMessage, isAccessRefused } from "./session";

/**
 * Events from calendar_events, refetched after realtime changes (spec section
 * 7), gathered so that a burst of changes costs one or two reads, not one per
 * change (coalescedReloads). `status` follows the channel: realtime-js reconnects and
 * rejoins by itself after a drop, and every join refetches the list, since
 * changes made while no channel was joined are never replayed. A channel the
 * server closed is subscribed again after a pause. When the tab returns to
 * the foreground or the network comes back, the channel is replaced and the
 * list refetched too.
 */
function useCalendarEvents() {
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const lastRequest = useRef(0);
  const shownRequest = useRef(0);

  /** Reads the list again. `quiet`: say nothing of a failure if a list is already shown. */
  const refetch = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    const request = ++lastRequest.current;
    const opening = currentOpening();
    try {
      const fresh = await fetchEvents(await getSupabase());
      // A slower reply to an older request must not overwrite a newer list (a failed newer one does not count).
      if (request > shownRequest.current) {
        shownRequest.current = request;
        setEvents(fresh);
      }
    } catch (error) {
      // The server no longer lets this session read the calendar: back to the gate, saying why.
      if (isAccessRefused(error)) {
        await refuseCalendar(await getSupabase(), opening);
        return;
      }
      // The page locked while the read was on its way: nothing to say to the Enter Password screen.
      if (opening === null || opening !== currentOpening()) return;
      // The list is left as it was.
      if (quiet && shownRequest.current > 0) return;
      showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
    }
  }, []);

  useEffect(() => {
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    // Only the current channel moves the indicator: a replaced one reports CLOSED as it goes.
    let currentChannel: object | null = null;
    let current: RealtimeStatus = "connecting";
    let disposed = false;
    let resyncing: Promise<void> = Promise.resolve();
    // After the server closes the channel: how many tries in a row, the one waiting,
    // and when the current channel joined (a close soon after a join counts as one more try).
    let resubscribeAttempts = 0;
    let resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
    let joinedAt: number | null = null;
    let stopSessionWatch = () => {};
    const reloads = coalescedReloads(() => refetch(), {
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    });

    const show = (status: RealtimeStatus) => {
      current = status;
      setStatus(status);
    };
    const subscribe = () => {
      if (!supabase || disposed) return;
      const token = {};
      currentChannel = token;
      joinedAt = null;
      channel = subscribeToEvents(
        supabase,
        () => reloads.request(),
        (channelStatus) => {
          if (disposed || currentChannel !== token) return;
          const next = nextRealtimeStatus(current, channelStatus);
          // A first join comes with a read of the list of its own, which reports any failure.
          if (next.refetch) void refetch({ quiet: current === "connecting" });
          show(next.status);
          const joinedFor = joinedAt === null ? null : Date.now() - joinedAt;
          if (channelStatus === "SUBSCRIBED") joinedAt = Date.now();
          else if (next.status === "reconnecting") joinedAt = null;
          if (next.resubscribe) {
            const attempt = resubscribeAttempt(resubscribeAttempts, joinedFor);
            clearTimeout(resubscribeTimer);
            resubscribeTimer = setTimeout(resync, resubscribeDelay(attempt));
            resubscribeAttempts = attempt + 1;
          }
        },
      );
    };
    // Serialised, so a "visible" and an "online" arriving together leave one channel, not two.
    const resync = () => {
      clearTimeout(resubscribeTimer);
      resyncing = resyncing.then(async () => {
        if (!supabase || disposed || document.visibilityState !== "visible") return;
        const old = channel;
        channel = null;
        currentChannel = null;
        show("connecting");
        if (old) await supabase.removeChannel(old);
        // Unmounted (the page locked) while the old channel was leaving: no new channel, no read.
        if (disposed) return;
        subscribe();
        await refetch();
      });
    };
    const onOffline = () => show("reconnecting");

    (async () => {
      try {
        supabase = await getSupabase();
      } catch (error) {
        showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
        return;
      }
      if (disposed) return;
      stopSessionWatch = watchTeamSession(supabase);
      subscribe();
      await refetch();
    })();
    document.addEventListener("visibilitychange", resync);
    window.addEventListener("online", resync);
    window.addEventListener("offline", onOffline);
    return () => {
      disposed = true;
      clearTimeout(resubscribeTimer);
      reloads.cancel();
      stopSessionWatch();
      document.removeEventListener("visibilitychange", resync);
      window.removeEventListener("online", resync);
      window.removeEventListener("offline", onOffline);
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [refetch]);

  return { events, status, refetch };
}

export function CalendarTool() {
  const { events, status, refetch } = useCalendarEvents();
  // In the store, with the draft: the day picked before the page locked is still picked after the next sign-in.
  const selectedDay = useStore($selectedDay);
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <LiveIndicator status={status} />
        <ExportButton events={events} />
      </div>
      <div className="grid gap-8 lg:grid-cols-[auto_1fr] lg:items-start">
        <div className="w-fit space-y-4">
          <MonthView events={events} selectedDay={selectedDay} onSelect={selectDay} />
          <EventTypeLegend />
        </div>
        <AddEventForm selectedDay={selectedDay} onAdded={() => void refetch()} />
      </div>
      <UpcomingEvents events={events} />
    </div>
  );
}
