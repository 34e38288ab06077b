/**
 * The published shows' writes, loaded with the forms and the panel that make them (calendar.lazy.tsx): a gig
 * added with its id answered, a show put on the website, a change made only to the version the team saw, a
 * show's kept versions and their restore. Each throws the server's error with the HTTP status (0: no
 * answer), as the calendar's other calls do.
 */
import { PUBLIC_SHOW_COLUMNS } from "../../lib/show-columns.mjs";
import type { NewShow } from "./calendar.publish";
import { toShows, type Show } from "./calendar.shows";
import { taken } from "../../lib/unique-violation";
import { addedBefore, addedDespite, type ShowsClient } from "./calendar.api";

/** What the team may change of a show: what fans read of it but its id, and whether it is on the website. */
export type ShowChange = Partial<Pick<Show, Exclude<(typeof PUBLIC_SHOW_COLUMNS)[number], "id"> | "published">>;

/** A kept version of a show: the show as it was, and when it was written and replaced. */
export type ShowVersion = { version: number; show: Show; writtenAt: string; replacedAt: string };

const fail = (error: object, status: number) => ({ ...error, status });

/**
 * Adds the event `event` with the id `id` (calendar.draft.store.ts, idToAdd), answering it (the gig a show is made
 * from); an event with that id in already (a try whose answer was lost) counts as this one added.
 */
export async function insertGig(
  client: Pick<ShowsClient, "from">,
  event: { title: string; description: string | null; start_date: string; end_date: string; event_type: string },
  id: string,
): Promise<string> {
  const { data, error, status } = await client
    .from("calendar_events")
    .insert({ ...event, id })
    .select("id");
  if (addedBefore(error) || (error && (await addedDespite(client, id, error, status)))) return id;
  if (error) throw fail(error, status);
  const made: unknown = data?.[0]?.id;
  if (typeof made !== "string") throw { message: "The server answered without the new event.", status };
  return made;
}

/** Whether the database refused a row because its id is taken (a unique violation on the show's id). */
const idTaken = (error: unknown) => taken(error, "shows_pkey");

/** Whether the database refused a show because its gig has one already: a teammate put it on the website meanwhile. */
export const gigTaken = (error: unknown) => taken(error, "shows_event_id_key");

/**
 * Puts a gig on the website; answers the show as the database made it. A show's id is its town and day
 * (dublin-2027-07-10): a second show there that day (a matinee, say) takes the next free one, -2, -3….
 */
export async function insertShow(client: Pick<ShowsClient, "from">, show: NewShow): Promise<Show> {
  for (let attempt = 1; ; attempt += 1) {
    const id = attempt === 1 ? show.id : `${show.id}-${attempt}`;
    const { data, error, status } = await client
      .from("shows")
      .insert({ ...show, id })
      .select("*");
    if (error && idTaken(error) && attempt < 5) continue;
    if (error) throw fail(error, status);
    const [made] = toShows(data);
    if (!made) throw { message: "The server answered without the show.", status };
    return made;
  }
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

/**
 * The show `id` (or, `byGig`, the show of the gig `id`) as the database has it now, or null when there is none
 * (ended, or never put on the website).
 */
export async function readShow(client: Pick<ShowsClient, "from">, id: string, byGig = false): Promise<Show | null> {
  const { data, error, status } = await client
    .from("shows")
    .select("*")
    .eq(byGig ? "event_id" : "id", id);
  if (error) throw fail(error, status);
  return toShows(data)[0] ?? null;
}

/** Whether two values of a show's column are the same: instants compared as instants, amounts as amounts. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (a == null || b == null) return false;
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  const instant = /^\d{4}-\d\d-\d\dT/;
  return (
    typeof a === "string" &&
    typeof b === "string" &&
    instant.test(a) &&
    instant.test(b) &&
    Date.parse(a) === Date.parse(b)
  );
}

/** The columns a write of the team may change (restore_show writes them all): what fans read but the id, and more. */
export const WRITTEN_COLUMNS = [
  ...PUBLIC_SHOW_COLUMNS.filter((column) => column !== "id"),
  "published",
  "notes",
] as const satisfies readonly (keyof Show)[];

/**
 * Whether `now` is the version a write with `change` made over `before`: the next version, holding every value of
 * the change and every other column as `before` had it. A write whose answer was lost is read back this way, so a
 * change that did reach the database is not said to have failed, and a teammate's is not taken for it.
 */
export function madeBy(now: Show | null, before: Show, change: Partial<Show>): now is Show {
  return (
    !!now &&
    now.id === before.id &&
    now.version === before.version + 1 &&
    WRITTEN_COLUMNS.every((column) => sameValue(now[column], column in change ? change[column] : before[column]))
  );
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

/**
 * Puts a kept version back, as a new version, over the version `seen` on the page; answers the show as it now
 * is, or null when it has moved on since (nothing is written), as `updateShow` does.
 */
export async function restoreShow(
  client: Pick<ShowsClient, "rpc">,
  id: string,
  version: number,
  seen: number,
): Promise<Show | null> {
  const { data, error, status } = await client.rpc("restore_show", { show_id: id, version, seen });
  if (error) throw fail(error, status);
  return toShows(data)[0] ?? null;
}
