/**
 * The calendar_events calls: the list ordered by date, the insert, and the realtime subscription; the
 * phone feed's address: a new one (the old one ends at once), and when the current one was made; and the
 * published shows' reads: the team's list, and the live site's build record (their writes, loaded when
 * first used, are in calendar.writes.ts). Each throws the server's error with the HTTP status (0: no answer).
 */
import type { RealtimeChannel } from "@supabase/supabase-js";
import type { DatabaseClient } from "../../lib/supabase";
import { readAllPages } from "../../lib/read-all-pages";
import { knownOffline } from "../../lib/offline";
import { taken } from "../../lib/unique-violation";
import { isNetworkFailure } from "../team/team";
import { toCalendarEvents, type CalendarEvent } from "./calendar";
import type { NewEvent } from "./calendar.form";
import type { ChannelStatus } from "./calendar.realtime";
import { toLiveBuild, toShows, type LiveBuild, type Show } from "./calendar.shows";

/** The parts of the client the calendar uses: tables, and realtime channels. */
export type CalendarClient = Pick<DatabaseClient, "from" | "channel" | "removeChannel">;

/**
 * All events, by start date ascending, read in pages so a hosted project's row limit cuts
 * nothing off; throws the server's error with the HTTP status (0: no answer).
 */
export async function fetchEvents(client: Pick<CalendarClient, "from">): Promise<CalendarEvent[]> {
  const rows = await readAllPages(() => client.from("calendar_events").select("*"), {
    column: "start_date",
    ascending: true,
  });
  return toCalendarEvents(rows);
}

/**
 * Whether the database refused an event because its id is taken: an add sent again after its answer was lost,
 * which the server took the first time (the primary key's unique violation).
 */
export const addedBefore = (error: unknown) => taken(error, "calendar_events_pkey");

/**
 * Whether an add of the event `id` whose answer was lost (`error`, with `status` 0) went in all the same: the event
 * read back by its id, a new one only this add could have made. Offline, nothing is read: it could only fail, after
 * the client's tries again.
 */
export async function addedDespite(client: Pick<CalendarClient, "from">, id: string, error: object, status: number) {
  if (!isNetworkFailure({ ...error, status }) || knownOffline()) return false;
  const { data } = await client.from("calendar_events").select("id").eq("id", id);
  return (data?.length ?? 0) > 0;
}

/**
 * Inserts one event with the id `id` (calendar.draft.store.ts, idToAdd); an event with that id in already counts
 * as this one added, as does one read back after a lost answer. Throws the server's error with the HTTP status
 * (0: no answer).
 */
export async function insertEvent(client: Pick<CalendarClient, "from">, event: NewEvent, id: string): Promise<void> {
  const { title, description, start_date, end_date, event_type } = event;
  const { error, status } = await client
    .from("calendar_events")
    .insert({ id, title, description, start_date, end_date, event_type });
  if (error && !addedBefore(error) && !(await addedDespite(client, id, error, status))) throw { ...error, status };
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
  onStatus: (status: ChannelStatus) => void,
): RealtimeChannel {
  return watchTable(client, "schema-db-changes", "calendar_events", onChange, onStatus);
}

/** A channel `topic` on which every change of `table` calls `onChange`, and every state it reports `onStatus`. */
function watchTable(
  client: Pick<DatabaseClient, "channel">,
  topic: string,
  table: "calendar_events" | "show_changes",
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): RealtimeChannel {
  return client
    .channel(topic)
    .on("postgres_changes", { event: "*", schema: "public", table }, () => onChange())
    .subscribe((status) => onStatus(status as ChannelStatus));
}

/** The part of the client the subscription uses: database functions. */
export type SubscribeClient = Pick<DatabaseClient, "rpc">;

/**
 * A new secret for the feed, shown once, with when it was made; `ending` is when the address it ends was
 * made (null: none), and the server makes nothing when that is no longer the current one (409, see
 * isChangedMeanwhile). Throws the server's error with the HTTP status (0: no answer).
 */
export async function makeFeedAddress(
  client: SubscribeClient,
  ending: string | null,
): Promise<{ secret: string; madeAt: string }> {
  // None to end is the function's default: no argument.
  const { data, error, status } = await client.rpc("new_calendar_feed_address", { ending: ending ?? undefined });
  if (error) throw { ...error, status };
  const made = data as { secret?: unknown; made_at?: unknown } | null;
  // made_at is only handed back to the server: any string will do, so a secret made is never thrown away.
  if (typeof made?.secret !== "string" || !/^[0-9a-f]{64}$/.test(made.secret) || typeof made.made_at !== "string") {
    throw { message: "The server answered something that is not an address.", status };
  }
  return { secret: made.secret, madeAt: made.made_at };
}

/** Whether a new address was refused because someone made one since the page read it: nothing was ended. */
export function isChangedMeanwhile(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "PT409";
}

/** When the current address was made, or null when there is none; throws as makeFeedAddress does. */
export async function feedAddressMadeAt(client: SubscribeClient): Promise<string | null> {
  const { data, error, status } = await client.rpc("calendar_feed_made_at");
  if (error) throw { ...error, status };
  return typeof data === "string" ? data : null;
}

export type ShowsClient = Pick<DatabaseClient, "from" | "rpc" | "channel" | "removeChannel">;

/**
 * Any change of a show, a teammate's too (heard through show_changes, which the team alone may read: the
 * shows themselves are not streamed, see its migration), calls `onChange`; every state the channel reports
 * goes to `onStatus` (see nextRealtimeStatus). A channel of its own, so the calendar's own stays live on a
 * project whose migrations are not all applied yet.
 */
export function subscribeToShowChanges(
  client: Pick<ShowsClient, "channel">,
  onChange: () => void,
  onStatus: (status: ChannelStatus) => void,
): RealtimeChannel {
  return watchTable(client, "show-changes", "show_changes", onChange, onStatus);
}

/** Every show, published or not, by doors ascending, read in pages as the events are. */
export async function fetchShows(client: Pick<ShowsClient, "from">): Promise<Show[]> {
  return toShows(await readAllPages(() => client.from("shows").select("*"), { column: "starts_at", ascending: true }));
}

/** The live site's build record, or null when it cannot be read (an older site, or no answer). */
export async function fetchLiveBuild(fetchImpl: typeof fetch = fetch): Promise<LiveBuild | null> {
  try {
    const response = await fetchImpl("/build-info.json", { cache: "no-store" });
    return response.ok ? toLiveBuild(await response.json()) : null;
  } catch {
    return null;
  }
}
