/**
 * Published shows over HTTP with only the anon key, as the build reads them: the public columns of the
 * shows the team put on the website, from published_shows, and nothing of public.shows (the team's notes,
 * drafts), the history or the calendar; and over realtime, where the team hears each show's change and the
 * anon key hears nothing.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { statusChange } from "../src/features/calendar/calendar.shows";
import { PUBLIC_SHOW_COLUMNS, readPublishedShows, tourDateEntryOf } from "../src/lib/published-shows.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import {
  type Backend,
  type ChangePayload,
  client,
  event,
  show,
  subscribe,
  until,
  withTeamBackend,
} from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;

/** Adds a gig to the calendar and puts it on the website (or keeps it a draft) as the team. */
async function publish(id: string, values: Record<string, unknown> = {}) {
  const { data, error } = await team.from("calendar_events").insert(event(id, "2027-04-23")).select("id").single();
  if (error) throw error;
  const { error: showError } = await team.from("shows").insert(show(id, data.id, values));
  if (showError) throw showError;
}

withTeamBackend(async (started, session) => {
  backend = started;
  team = session;
  await publish("galway-2027-04-23", { notes: "Load in at four", price: 18.5, currency: "EUR" });
  await publish("cork-2027-05-01", { published: false });
  await team.from("calendar_events").insert(event("Rehearsal", "2027-04-20", { event_type: "rehearsal" }));
});

/** A plain request with the anon key, as the build makes it. */
const anonGet = (path: string) =>
  fetch(`${backend.url}/rest/v1/${path}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
  });

describe("published shows with only the anon key", () => {
  it("answers the public columns of published shows only", async () => {
    const answer = await anonGet(`published_shows?select=${PUBLIC_SHOW_COLUMNS.join(",")}&order=starts_at`);
    expect(answer.status).toBe(200);
    const rows = await answer.json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: "galway-2027-04-23",
      venue_name: "The Salthill Room",
      starts_at: "2027-04-23T19:00:00+00:00",
      time_zone: "Europe/Dublin",
      price: 18.5,
      currency: "EUR",
      status: "scheduled",
    });
    expect(Object.keys(rows[0]).sort()).toEqual([...PUBLIC_SHOW_COLUMNS].sort());
  });

  it("refuses every column of public.shows, the history and the calendar with 401", async () => {
    for (const path of [
      "shows?select=id",
      `shows?select=${PUBLIC_SHOW_COLUMNS.join(",")}`,
      "shows?select=id,notes",
      "shows?select=event_id",
      "shows?select=published",
      "shows?select=*",
      "shows",
      "shows_history?select=show_id",
      "show_changes?select=show_id",
      "calendar_events?select=title",
    ]) {
      const answer = await anonGet(path);
      expect(answer.status, path).toBe(401);
      expect(await answer.json(), path).toMatchObject({ code: "42501" });
    }
  });

  it("adds, changes, deletes and restores nothing", async () => {
    const anon = client(backend.url, LOCAL_ANON_KEY);
    const insert = await anon.from("shows").insert({ id: "anon-2027-01-01" });
    const update = await anon.from("shows").update({ status: "cancelled" }).eq("id", "galway-2027-04-23");
    const remove = await anon.from("shows").delete().eq("id", "galway-2027-04-23");
    const restore = await anon.rpc("restore_show", { show_id: "galway-2027-04-23", version: 1, seen: 1 });
    const copied = anon.from("published_shows");
    const writes = [
      await copied.insert({ id: "anon-2027-01-01", venue_name: "Fake" }),
      await copied.update({ status: "cancelled" }).eq("id", "galway-2027-04-23"),
      await copied.delete().eq("id", "galway-2027-04-23"),
    ];
    for (const { status, error } of [insert, update, remove, restore, ...writes]) {
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: "42501" });
    }
    const { data } = await team.from("shows").select("status, notes").eq("id", "galway-2027-04-23").single();
    expect(data).toEqual({ status: "scheduled", notes: "Load in at four" });
  });
});

describe("a show's changes over realtime", () => {
  it("reach the team as the show's id and time, never its notes, and never the anon key", async () => {
    const asTeam: ChangePayload[] = [];
    const asAnon: ChangePayload[] = [];
    await subscribe(team, asTeam, { table: "show_changes" });
    await subscribe(client(backend.url), asAnon, { table: "show_changes" });
    // The shows themselves are not streamed to anyone, the published ones to the anon key least of all.
    const anonShows: ChangePayload[] = [];
    await subscribe(client(backend.url), anonShows, { table: "shows" });
    // A change made outside a request (a tool's own SQL) is the tool's to tell: no later request streams it.
    await backend.db.query("update public.shows set notes = 'Tuned by a tool' where id = 'cork-2027-05-01'");
    await team.from("shows").update({ status: "cancelled", notes: "Storm warning" }).eq("id", "galway-2027-04-23");
    await publish("sligo-2027-06-01", { notes: "Van at 3" });
    // A database function's change too (a restore), as a hosted project streams every change.
    const { error } = await team.rpc("restore_show", { show_id: "galway-2027-04-23", version: 1, seen: 2 });
    expect(error).toBeNull();
    await until(() => asTeam.length === 3, "the team hearing the three changes");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asTeam.map((change) => [change.eventType, (change.new as { show_id: string }).show_id])).toEqual([
      ["UPDATE", "galway-2027-04-23"],
      ["INSERT", "sligo-2027-06-01"],
      ["UPDATE", "galway-2027-04-23"],
    ]);
    expect(Object.keys(asTeam[0]!.new).sort()).toEqual(["changed_at", "show_id"]);
    expect(asAnon).toEqual([]);
    expect(anonShows).toEqual([]);
  });
});

describe("a show postponed and then marked sold out on /calendar", () => {
  it("is read by the build as both", async () => {
    await publish("derry-2027-07-01", { price: 15, currency: "EUR", status: "postponed" });
    const [shown] = await team
      .from("shows")
      .select("*")
      .eq("id", "derry-2027-07-01")
      .then(({ data }) => data!);
    const { error } = await team.from("shows").update(statusChange(shown, "sold-out")!).eq("id", "derry-2027-07-01");
    expect(error).toBeNull();
    const answer = await anonGet(`published_shows?select=${PUBLIC_SHOW_COLUMNS.join(",")}&id=eq.derry-2027-07-01`);
    const [row] = await answer.json();
    expect(tourDateEntryOf(row)).toMatchObject({ status: "postponed", tickets: { availability: "sold-out" } });
  });
});

/** Adds `count` published gigs a day apart from `first` (a date) as the team, in one request each table. */
async function publishDaily(first: string, count: number) {
  const days = Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(first) + index * 86_400_000).toISOString().slice(0, 10),
  );
  const { data: events, error } = await team
    .from("calendar_events")
    .insert(days.map((day) => event(`Gig ${day}`, day)))
    .select("id, start_date");
  if (error) throw error;
  const { error: showsError } = await team
    .from("shows")
    .insert(events.map(({ id, start_date }) => show(`gig-${start_date.slice(0, 10)}`, id, { starts_at: start_date })));
  if (showsError) throw showsError;
  return days;
}

/** The published shows' ids as the database holds them, by doors and then id, as the build reads them. */
const publishedIds = async () =>
  (
    await backend.db.query<{ id: string }>("select id from public.shows where published order by starts_at, id")
  ).rows.map((row) => row.id);

describe("a project with more published shows than a request answers", () => {
  it("is read whole by the build, the latest shows included", async () => {
    const days = await publishDaily("2030-01-01", 1001);
    // One request answers a thousand rows at most, as a hosted project's does.
    const one = await anonGet(`published_shows?select=id&order=starts_at`);
    expect(await one.json()).toHaveLength(1000);
    const rows = await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY });
    const ids = rows.map((row) => row.id);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(ids.filter((id) => String(id).startsWith("gig-"))).toHaveLength(1001);
    expect(ids.at(-1)).toBe(`gig-${days.at(-1)}`);
  });
});

describe("published shows that change while the build reads them", () => {
  it("are each read once when one is unpublished between two pages, none left off", async () => {
    await publishDaily("2034-01-01", 1500);
    const before = await publishedIds();
    let requests = 0;
    // Once the first page is answered, the team takes the first show read off the website.
    const fetchAndUnpublish: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      requests += 1;
      if (requests === 1) {
        const { error } = await team.from("shows").update({ published: false }).eq("id", before[0]!);
        if (error) throw error;
      }
      return answer;
    };
    const rows = await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY, fetch: fetchAndUnpublish });
    // The first show was read before it was unpublished; each other show once, the thousand-and-first too.
    expect(rows.map((row) => row.id)).toEqual(before);
    expect(await publishedIds()).toEqual(before.slice(1));
  });

  it("are read whole from a project that answers at most 500 rows a request", async () => {
    const published = await publishedIds();
    expect(published.length).toBeGreaterThan(1000);
    let requests = 0;
    // max-rows 500: PostgREST answers the first 500 rows of what the request asks for.
    const fetchAtMost500: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      requests += 1;
      return Response.json(((await answer.json()) as unknown[]).slice(0, 500), { status: answer.status });
    };
    const rows = await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY, fetch: fetchAtMost500 });
    expect(rows.map((row) => row.id)).toEqual(published);
    expect(requests).toBe(Math.ceil(published.length / 500) + 1);
  });
});
