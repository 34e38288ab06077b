/**
 * The calendar_events calls: the list ordered by date, the insert, and the realtime subscription; the
 * phone feed's address: a new one (the old one ends at once), and when the current one was made; and the
 * published shows' calls: the team's list, a gig put on the website, a change made only to the version the
 * team saw, a show's kept versions and their restore, and the live site's build record. Each throws the
 * server's error with the HTTP status (0: no answer).
 */
import type { RealtimeChannel } from "@supabase/supabase-js";
import type { DatabaseClient } from "../../lib/supabase";
import { readAllPages } from "../../lib/read-all-pages";
import { toCalendarEvents, type CalendarEvent } from "./calendar";
import type { NewEvent } from "./calendar.form";
import type { NewShow } from "./calendar.publish";
import type { ChannelStatus } from "./calendar.realtime";
import { toLiveBuild, toShows, type LiveBuild, type Show } from "./calendar.shows";

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

/** The part of the client the subscription uses: database functions. */
export type SubscribeClient = Pick<DatabaseClient, "rpc">;

/** A new secret for the feed, shown once; throws the server's error with the HTTP status (0: no answer). */
export async function makeFeedAddress(client: SubscribeClient): Promise<string> {
  const { data, error, status } = await client.rpc("new_calendar_feed_address");
  if (error) throw { ...error, status };
  if (typeof data !== "string" || !/^[0-9a-f]{64}$/.test(data)) {
    throw { message: "The server answered something that is not an address.", status };
  }
  return data;
}

/** When the current address was made, or null when there is none; throws as makeFeedAddress does. */
export async function feedAddressMadeAt(client: SubscribeClient): Promise<string | null> {
  const { data, error, status } = await client.rpc("calendar_feed_made_at");
  if (error) throw { ...error, status };
  return typeof data === "string" ? data : null;
}

export type ShowsClient = Pick<DatabaseClient, "from" | "rpc">;

/** What the team may change of a show. */
export type ShowChange = Partial<
  Pick<Show, "status" | "starts_at" | "previous_starts_at" | "ticket_url" | "ticket_kind" | "published">
>;

/** A kept version of a show: the show as it was, and when it was written and replaced. */
export type ShowVersion = { version: number; show: Show; writtenAt: string; replacedAt: string };

const fail = (error: object, status: number) => ({ ...error, status });

/** Every show, published or not, by doors ascending. */
export async function fetchShows(client: Pick<ShowsClient, "from">): Promise<Show[]> {
  const { data, error, status } = await client.from("shows").select("*").order("starts_at").order("id");
  if (error) throw fail(error, status);
  return toShows(data);
}

/** Adds the event `event`, answering its id (the gig a show is made from). */
export async function insertGig(
  client: Pick<ShowsClient, "from">,
  event: { title: string; description: string | null; start_date: string; end_date: string; event_type: string },
): Promise<string> {
  const { data, error, status } = await client.from("calendar_events").insert(event).select("id");
  if (error) throw fail(error, status);
  const id: unknown = data?.[0]?.id;
  if (typeof id !== "string") throw { message: "The server answered without the new event.", status };
  return id;
}

/** Puts a gig on the website; answers the show as the database made it. */
export async function insertShow(client: Pick<ShowsClient, "from">, show: NewShow): Promise<Show> {
  const { data, error, status } = await client.from("shows").insert(show).select("*");
  if (error) throw fail(error, status);
  const [made] = toShows(data);
  if (!made) throw { message: "The server answered without the show.", status };
  return made;
}

/**
 * Changes a show if it is still at `version`: the show as it now is, or null when someone changed it
 * meanwhile (then nothing was changed).
 */
export async function updateShow(
  client: Pick<ShowsClient, "from">,
  id: string,
  version: number,
  change: ShowChange,
): Promise<Show | null> {
  const { data, error, status } = await client
    .from("shows")
    .update(change)
    .eq("id", id)
    .eq("version", version)
    .select("*");
  if (error) throw fail(error, status);
  return toShows(data)[0] ?? null;
}

/** A show's kept versions, newest first (at most 50: a show changes a handful of times). */
export async function fetchShowHistory(client: Pick<ShowsClient, "from">, id: string): Promise<ShowVersion[]> {
  const { data, error, status } = await client
    .from("shows_history")
    .select("version, show, written_at, replaced_at")
    .eq("show_id", id)
    .order("version", { ascending: false })
    .limit(50);
  if (error) throw fail(error, status);
  return (data ?? []).flatMap((row) => {
    const [show] = toShows([row.show]);
    return show ? [{ version: row.version, show, writtenAt: row.written_at, replacedAt: row.replaced_at }] : [];
  });
}

/** Puts a kept version back, as a new version; answers the show as it now is. */
export async function restoreShow(client: Pick<ShowsClient, "rpc">, id: string, version: number): Promise<Show> {
  const { data, error, status } = await client.rpc("restore_show", { show_id: id, version });
  if (error) throw fail(error, status);
  const [show] = toShows(data);
  if (!show) throw { message: "The server answered without the show.", status };
  return show;
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
