/** The calendar_events calls: the list ordered by date, the insert, and the realtime subscription. */
import type { RealtimeChannel } from "@supabase/supabase-js";
import type { DatabaseClient } from "../../lib/supabase";
import { readAllPages } from "../../lib/read-all-pages";
import { toCalendarEvents, type CalendarEvent } from "./calendar";
import type { NewEvent } from "./calendar.form";
import type { ChannelStatus } from "./calendar.realtime";

/** The parts of the client the calendar uses: tables, and realtime channels. */
export type CalendarClient = Pick<DatabaseClient, "from" | "channel" | "removeChannel">;

/**
 * All events, by start date ascending, read in pages so a hosted project's row limit cuts
 * nothing off; throws the server's error with the HTTP status (0: no answer).
 */
export async function fetchEvents(client: Pick<CalendarClient, "from">): Promise<CalendarEvent[]> {
  const rows = await readAllPages((from, to) =>
    client.from("calendar_events").select("*").order("start_date", { ascending: true }).order("id").range(from, to),
  );
  return toCalendarEvents(rows);
}

/** Inserts one event; throws the server's error with the HTTP status (0: no answer). */
export async function insertEvent(client: Pick<CalendarClient, "from">, event: NewEvent): Promise<void> {
  const { title, description, start_date, end_date, event_type } = event;
  const { error, status } = await client
    .from("calendar_events")
    .insert({ title, description, start_date, end_date, event_type });
  if (error) throw { ...error, status };
}

/**
 * Any insert, update or delete on calendar_events calls `onChange`; every
 * state the channel reports goes to `onStatus` (see nextRealtimeStatus).
 * realtime-js reconnects the socket and rejoins the channel by itself after a
 * drop, reporting SUBSCRIBED again.
 */
export function subscribeToEvents(
  client: Pick<CalendarClient, "channel">,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void = () => {},
): RealtimeChannel {
  return client
    .channel("schema-db-changes")
    .on("postgres_changes", { event: "*", schema: "public", table: "calendar_events" }, () => onChange())
    .subscribe((status) => onStatus(status as ChannelStatus));
}
