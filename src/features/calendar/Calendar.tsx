/**
 * The shared calendar island: the password gate, then the month view, the
 * Add Event form and the Upcoming Events list, kept current by realtime.
 * Rendered in the browser only (client:only), so "today" is never baked into
 * the HTML at build time.
 */
import { useStore } from "@nanostores/react";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { getSupabase } from "../../lib/supabase";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import { AddEventForm } from "./AddEventForm";
import { errorMessage, type CalendarEvent } from "./calendar";
import { fetchEvents, subscribeToEvents, type RealtimeStatus } from "./calendar.api";
import { $calendarUnlocked } from "./calendar.store";
import { MonthView } from "./MonthView";
import { PasswordGate } from "./PasswordGate";
import { UpcomingEvents } from "./UpcomingEvents";

/**
 * Events from calendar_events, refetched on every realtime change (spec
 * section 7). When the tab returns to the foreground or the network comes
 * back, the channel is replaced and the list refetched, since changes made
 * meanwhile may never have arrived. `status` is the channel's state.
 */
function useCalendarEvents() {
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const latestRequest = useRef(0);

  const refetch = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const fresh = await fetchEvents(await getSupabase());
      // A slower, older reply must not overwrite a newer list.
      if (request === latestRequest.current) setEvents(fresh);
    } catch (error) {
      // The list is left as it was.
      showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
    }
  }, []);

  useEffect(() => {
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    let disposed = false;
    let resyncing: Promise<void> = Promise.resolve();

    const subscribe = () => {
      if (supabase && !disposed) channel = subscribeToEvents(supabase, () => void refetch(), setStatus);
    };
    // Serialised, so a "visible" and an "online" arriving together leave one channel, not two.
    const resync = () => {
      resyncing = resyncing.then(async () => {
        if (!supabase || disposed || document.visibilityState !== "visible") return;
        const old = channel;
        channel = null;
        setStatus("connecting");
        if (old) await supabase.removeChannel(old);
        subscribe();
        await refetch();
      });
    };
    const onOffline = () => setStatus("reconnecting");

    (async () => {
      try {
        supabase = await getSupabase();
      } catch (error) {
        showToast({ title: "Error fetching events", description: errorMessage(error), variant: "destructive" });
        return;
      }
      if (disposed) return;
      subscribe();
      await refetch();
    })();
    document.addEventListener("visibilitychange", resync);
    window.addEventListener("online", resync);
    window.addEventListener("offline", onOffline);
    return () => {
      disposed = true;
      document.removeEventListener("visibilitychange", resync);
      window.removeEventListener("online", resync);
      window.removeEventListener("offline", onOffline);
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [refetch]);

  return { events, status, refetch };
}

function CalendarTool() {
  const { events, refetch } = useCalendarEvents();
  const [selectedDay, setSelectedDay] = useState<Date | undefined>(undefined);
  return (
    <div className="space-y-10">
      <div className="grid gap-8 lg:grid-cols-[auto_1fr] lg:items-start">
        <MonthView events={events} selectedDay={selectedDay} onSelect={setSelectedDay} />
        <AddEventForm selectedDay={selectedDay} onAdded={() => void refetch()} />
      </div>
      <UpcomingEvents events={events} />
    </div>
  );
}

function CalendarPage() {
  const unlocked = useStore($calendarUnlocked);
  return unlocked ? <CalendarTool /> : <PasswordGate />;
}

export function Calendar() {
  return (
    <ErrorBoundary>
      <CalendarPage />
    </ErrorBoundary>
  );
}
