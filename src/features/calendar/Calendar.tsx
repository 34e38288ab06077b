/**
 * The shared calendar: a password gate, then a month view with coloured dots
 * per event, the Add Event form and the Upcoming Events list, kept current by
 * realtime (and a resubscribe plus refetch when the tab or network returns).
 * Rendered in the browser only, so "today" is never baked in at build time.
 */
import { useStore } from "@nanostores/react";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { DayPicker, type DayButtonProps } from "react-day-picker";
import "react-day-picker/style.css";
import { getSupabase } from "../../lib/supabase";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import {
  dayKey,
  dayLabel,
  emptyEventDraft,
  EVENT_LIMITS,
  EVENT_TYPE_COLOURS,
  EVENT_TYPES,
  eventFromDraft,
  eventsByDay,
  formatEventDate,
  isEventType,
  sortEvents,
  type CalendarEvent,
  type EventDraft,
} from "./calendar";
import { fetchEvents, insertEvent, subscribeToEvents, type RealtimeStatus } from "./calendar.api";
import { $calendarUnlocked, unlockCalendar } from "./calendar.store";
import { passwordMatches } from "./password";

const messageOf = (error: unknown) =>
  error && typeof error === "object" && "message" in error ? String(error.message) : String(error);

const primaryButton =
  "rounded-md bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60";
const inputClass = "mt-1 w-full rounded-md border border-stone-300 px-3 py-2";

function PasswordGate() {
  const [password, setPassword] = useState("");
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  return (
    <form
      className="mx-auto max-w-sm rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
      onSubmit={async (event) => {
        event.preventDefault();
        setChecking(true);
        const ok = await passwordMatches(
          password,
          import.meta.env.PUBLIC_CALENDAR_SALT,
          import.meta.env.PUBLIC_CALENDAR_PASSWORD_HASH,
        );
        setChecking(false);
        if (ok) {
          unlockCalendar();
          showToast({ title: "Access granted", description: "You can now edit the calendar" });
        } else {
          showToast({ title: "Access denied", description: "Incorrect password", variant: "destructive" });
        }
      }}
    >
      <h2 className="font-serif text-2xl font-semibold">Enter Password</h2>
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold">
        Password
      </label>
      <input
        id={inputId}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        className={inputClass}
      />
      <button type="submit" className={`${primaryButton} mt-4 w-full`} disabled={checking}>
        Login
      </button>
    </form>
  );
}

function useCalendarEvents() {
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const [client, setClient] = useState<SupabaseClient | null>(null);

  const refetch = useCallback(async (supabase: SupabaseClient) => {
    try {
      setEvents(await fetchEvents(supabase));
    } catch (error) {
      // The list is left as it was.
      showToast({ title: "Error fetching events", description: messageOf(error), variant: "destructive" });
    }
  }, []);

  useEffect(() => {
    let supabase: SupabaseClient | null = null;
    let channel: ReturnType<typeof subscribeToEvents> | null = null;
    let disposed = false;

    const subscribe = () => {
      if (!supabase || disposed) return;
      channel = subscribeToEvents(supabase, () => void refetch(supabase!), setStatus);
    };
    const resync = async () => {
      if (!supabase || disposed || document.visibilityState !== "visible") return;
      if (channel) await supabase.removeChannel(channel);
      setStatus("reconnecting");
      subscribe();
      await refetch(supabase);
    };
    const onVisibility = () => void resync();
    const onOnline = () => void resync();
    const onOffline = () => setStatus("reconnecting");

    (async () => {
      supabase = await getSupabase();
      if (disposed) return;
      setClient(supabase);
      subscribe();
      await refetch(supabase);
    })();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    return () => {
      disposed = true;
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [refetch]);

  return { events, status, client, refetch };
}

function AddEventForm({
  selectedDay,
  client,
  onAdded,
}: {
  selectedDay: Date | undefined;
  client: SupabaseClient | null;
  onAdded: () => void;
}) {
  const [draft, setDraft] = useState<EventDraft>(emptyEventDraft);
  const [saving, setSaving] = useState(false);
  const id = useId();
  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      onSubmit={async (event) => {
        event.preventDefault();
        const row = eventFromDraft(draft, selectedDay);
        if (!row || !client || saving) return;
        setSaving(true);
        try {
          await insertEvent(client, row);
          setDraft(emptyEventDraft);
          showToast({ title: "Event added", description: "New event has been added successfully" });
          onAdded();
        } catch (error) {
          showToast({ title: "Error adding event", description: messageOf(error), variant: "destructive" });
        } finally {
          setSaving(false);
        }
      }}
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        Add Event
      </h2>
      <p className="text-sm text-stone-700" aria-live="polite">
        {selectedDay
          ? `Date: ${formatEventDate({ start_date: `${dayKey(selectedDay)}T12:00:00Z` })}`
          : "Pick a day in the calendar."}
      </p>
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold">
          Title
        </label>
        <input
          id={`${id}-title`}
          value={draft.title}
          maxLength={EVENT_LIMITS.title}
          placeholder="Event title"
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-semibold">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          value={draft.description}
          maxLength={EVENT_LIMITS.description}
          placeholder="Event description"
          rows={3}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="block text-sm font-semibold">
          Event type
        </label>
        <select
          id={`${id}-type`}
          value={draft.eventType}
          onChange={(event) => isEventType(event.target.value) && setDraft({ ...draft, eventType: event.target.value })}
          className={inputClass}
        >
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={saving}>
        Add Event
      </button>
    </form>
  );
}

function CalendarTool() {
  const { events, client, refetch } = useCalendarEvents();
  const [selectedDay, setSelectedDay] = useState<Date | undefined>(undefined);
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const upcoming = useMemo(() => sortEvents(events), [events]);

  const DayButton = useCallback(
    ({ day, modifiers: _modifiers, ...buttonProps }: DayButtonProps) => {
      const dayEvents = byDay.get(dayKey(day.date)) ?? [];
      return (
        <button {...buttonProps} aria-label={dayLabel(day.date, dayEvents)}>
          <span className="flex flex-col items-center leading-none">
            <span>{day.date.getDate()}</span>
            {dayEvents.length > 0 ? (
              <span className="mt-0.5 flex gap-0.5" aria-hidden="true">
                {dayEvents.slice(0, 4).map((event) => (
                  <span
                    key={event.id}
                    title={`${event.title} (${event.event_type})`}
                    className={`block h-1.5 w-1.5 rounded-full ${EVENT_TYPE_COLOURS[event.event_type]?.className ?? "bg-stone-500"}`}
                  />
                ))}
              </span>
            ) : null}
          </span>
        </button>
      );
    },
    [byDay],
  );

  return (
    <div className="space-y-10">
      <div className="grid gap-8 lg:grid-cols-[auto_1fr] lg:items-start">
        <div className="rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
          <DayPicker
            mode="single"
            selected={selectedDay}
            onSelect={setSelectedDay}
            showOutsideDays
            fixedWeeks
            components={{ DayButton }}
          />
        </div>
        <AddEventForm selectedDay={selectedDay} client={client} onAdded={() => client && void refetch(client)} />
      </div>
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events" className="font-serif text-2xl font-semibold">
          Upcoming Events
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {upcoming.map((event) => (
            <li key={event.id} className="flex overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
              <span
                aria-hidden="true"
                className={`w-2 shrink-0 ${EVENT_TYPE_COLOURS[event.event_type]?.className ?? "bg-stone-500"}`}
              />
              <div className="min-w-0 p-4">
                <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{event.event_type}</p>
                <h3 className="break-words text-lg font-semibold">{event.title}</h3>
                <p className="text-sm text-stone-700">{formatEventDate(event)}</p>
                {event.description ? <p className="mt-2 break-words text-stone-800">{event.description}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
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
