import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { fetchContacts } from "../src/features/contacts/contacts.api";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, contact, event, sessionHeaders, signedIn, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient; // contacts are the team's: every contacts call here is the team's session

withTeamBackend((started, session) => ([backend, team] = [started, session]));

describe("contacts, with the app's exact calls, signed in as the team", () => {
  it("inserts a contact and lists contacts newest first", async () => {
    const supabase = team;
    expect((await supabase.from("contacts").insert(contact("c1"))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await supabase.from("contacts").insert(contact("c2", { email: "a@b.ie", phone: "+353 1" }))).error,
    ).toBeNull();
    const { data, error, status } = await supabase
      .from("contacts")
      .select("*")
      .order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.map((row) => row.id)).toEqual(["c2", "c1"]);
    expect(data?.[0]).toMatchObject({ name: "Name c2", role: "Booker", email: "a@b.ie", phone: "+353 1" });
    expect(data?.[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  it("upserts by id: inserts a new contact (201) and updates an existing one (200)", async () => {
    const supabase = team;
    const inserted = await supabase.from("contacts").upsert(contact("m1", { name: "Legacy" }));
    expect(inserted.status).toBe(201);
    const updated = await supabase.from("contacts").upsert(contact("m1", { name: "Legacy, renamed" }));
    expect(updated.status).toBe(200);
    const { data } = await supabase.from("contacts").select("*").eq("id", "m1");
    expect(data).toHaveLength(1);
    expect(data?.[0].name).toBe("Legacy, renamed");
  });

  it("updates one contact by id and leaves the others alone", async () => {
    const supabase = team;
    await supabase.from("contacts").insert([contact("u1"), contact("u2")]);
    const { status, error } = await supabase
      .from("contacts")
      .update({ name: "Edited", role: "Manager", email: "e@x.ie", phone: null })
      .eq("id", "u1");
    expect(error).toBeNull();
    expect(status).toBe(204);
    const { data } = await supabase.from("contacts").select("*").in("id", ["u1", "u2"]).order("id");
    expect(data?.map((row) => [row.id, row.name])).toEqual([
      ["u1", "Edited"],
      ["u2", "Name u2"],
    ]);
  });

  it("answers an insert with Content-Range */* and an update with the range it changed, as PostgREST does", async () => {
    const headers = { ...(await sessionHeaders(team)), "Content-Type": "application/json" };
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${backend.url}/rest/v1/${path}`, { method, headers, body: JSON.stringify(body) });
    const inserted = await call("POST", "contacts", contact("range1"));
    expect([inserted.status, inserted.headers.get("content-range")]).toEqual([201, "*/*"]);
    const updated = await call("PATCH", "contacts?id=eq.range1", { name: "Ranged" });
    expect([updated.status, updated.headers.get("content-range")]).toEqual([204, "0-0/*"]);
    const missed = await call("PATCH", "contacts?id=eq.nobody", { name: "Ranged" });
    expect([missed.status, missed.headers.get("content-range")]).toEqual([204, "*/*"]);
  });

  it("rejects a duplicate id with 409 and PostgREST's error shape", async () => {
    const supabase = team;
    await supabase.from("contacts").insert(contact("dup"));
    const { error, status } = await supabase.from("contacts").insert(contact("dup"));
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: "23505" });
    // Named as a page that picked the id reads it: its own add, sent again after the answer was lost.
    expect(error?.message).toContain('"contacts_pkey"');
    expect(Object.keys(error ?? {}).sort()).toEqual(["code", "details", "hint", "message"]);
  });

  it("refuses to delete contacts, even for the team, and nothing is deleted", async () => {
    const supabase = team;
    await supabase.from("contacts").insert(contact("keep"));
    const { error, status } = await supabase.from("contacts").delete().eq("id", "keep");
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: "42501", message: "permission denied for table contacts" });
    const { data } = await supabase.from("contacts").select("id").eq("id", "keep");
    expect(data).toEqual([{ id: "keep" }]);
  });

  it("refuses over-long text instead of storing megabytes", async () => {
    const supabase = team;
    const { error, status } = await supabase.from("contacts").insert(contact("long", { name: "x".repeat(5000) }));
    expect(status).toBe(400);
    expect(error?.code).toBe("23514");
  });

  it("leaves created_at to the server: not even the team may back-date a contact", async () => {
    const supabase = team;
    const { error, status } = await supabase
      .from("contacts")
      .insert(contact("backdated", { created_at: "2000-01-01T00:00:00Z" }));
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: "42501", message: "permission denied for table contacts" });
    const edit = await supabase.from("contacts").update({ created_at: "2000-01-01T00:00:00Z" }).eq("id", "c1");
    expect(edit.status).toBe(403);
  });

  it("refuses an update without a filter, as hosted projects do", async () => {
    const supabase = team;
    // A filter that matches one contact is served (one contact a request is what the team may change).
    const { error, status } = await supabase.from("contacts").update({ role: "Everyone" }).neq("id", "").eq("id", "c1");
    expect(error).toBeNull();
    expect(status).toBe(204);
    const unfiltered = await fetch(`${backend.url}/rest/v1/contacts`, {
      method: "PATCH",
      headers: { ...(await sessionHeaders(team)), "Content-Type": "application/json" },
      body: JSON.stringify({ role: "Nobody" }),
    });
    expect(unfiltered.status).toBe(400);
    expect(await unfiltered.json()).toMatchObject({ code: "21000", message: "UPDATE requires a WHERE clause" });
    const { data } = await supabase.from("contacts").select("role").eq("role", "Nobody");
    expect(data).toEqual([]);
  });

  it("returns the written rows with .select(), only the columns asked for", async () => {
    const supabase = team;
    const { data, status } = await supabase.from("contacts").insert(contact("shown")).select("id, name");
    expect(status).toBe(201);
    expect(data).toEqual([{ id: "shown", name: "Name shown" }]);
    const single = await supabase.from("contacts").update({ name: "Shown" }).eq("id", "shown").select().single();
    expect(single.status).toBe(200);
    expect(single.data).toMatchObject({ id: "shown", name: "Shown", role: "Booker" });
  });

  it("answers .single() with one object, and PGRST116 when there is not exactly one row", async () => {
    const supabase = team;
    const one = await supabase.from("contacts").select("name").eq("id", "shown").single();
    expect(one.data).toEqual({ name: "Shown" });
    const none = await supabase.from("contacts").select("*").eq("id", "nobody").single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
  });

  it("counts rows exactly when asked, with a range", async () => {
    const supabase = team;
    const { count: total } = await supabase.from("contacts").select("*", { count: "exact", head: true });
    const { data, count, status } = await supabase
      .from("contacts")
      .select("id", { count: "exact" })
      .order("id")
      .range(0, 1);
    expect(total).toBeGreaterThan(2);
    expect(count).toBe(total);
    expect(data).toHaveLength(2);
    expect(status).toBe(206);
  });

  it("requires name and role", async () => {
    const supabase = team;
    const { error, status } = await supabase.from("contacts").insert({ id: "nameless", name: null, role: "x" });
    expect(status).toBe(400);
    expect(error?.code).toBe("23502");
  });
});

describe("calendar events, with the app's exact calls, signed in as the team", () => {
  it("inserts events and lists them by start date ascending", async () => {
    const supabase = await signedIn(backend.url);
    expect((await supabase.from("calendar_events").insert(event("Later", "2025-05-02"))).status).toBe(201);
    await supabase.from("calendar_events").insert(event("Sooner", "2025-04-23", { event_type: "rehearsal" }));
    const { data, error } = await supabase.from("calendar_events").select("*").order("start_date", { ascending: true });
    expect(error).toBeNull();
    expect(data?.map((row) => row.title)).toEqual(["Sooner", "Later"]);
    expect(data?.[0]).toMatchObject({
      event_type: "rehearsal",
      start_date: "2025-04-23T12:00:00+00:00",
      description: null,
    });
    expect(data?.[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("defaults the event type to gig", async () => {
    const supabase = await signedIn(backend.url);
    const { event_type: _ignored, ...withoutType } = event("Untyped", "2025-06-01");
    await supabase.from("calendar_events").insert(withoutType);
    const { data } = await supabase.from("calendar_events").select("*").eq("title", "Untyped");
    expect(data?.[0].event_type).toBe("gig");
  });

  it("rejects an unknown event type with the server's message", async () => {
    const supabase = await signedIn(backend.url);
    const { error, status } = await supabase
      .from("calendar_events")
      .insert(event("Bad", "2025-06-02", { event_type: "party" }));
    expect(status).toBe(400);
    expect(error?.message).toContain("calendar_events_event_type_check");
  });

  it("adds an event with the id the page chose once: the same add again is refused as taken, replacing nothing", async () => {
    const supabase = await signedIn(backend.url);
    const id = "00000000-0000-4000-8000-000000000000";
    const first = await supabase.from("calendar_events").insert(event("Chosen id", "2025-06-03", { id }));
    expect(first.status).toBe(201);
    const again = await supabase.from("calendar_events").insert(event("Chosen id, again", "2025-06-03", { id }));
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("23505");
    expect(again.error?.message).toContain('"calendar_events_pkey"');
    const { data } = await supabase.from("calendar_events").select("title").eq("id", id);
    expect(data).toEqual([{ title: "Chosen id" }]);
  });

  it("refuses to update or delete events, even for the team", async () => {
    const supabase = await signedIn(backend.url);
    await supabase.from("calendar_events").insert(event("Fixed", "2025-07-01"));
    const update = await supabase.from("calendar_events").update({ title: "Changed" }).eq("title", "Fixed");
    expect(update.status).toBe(403);
    expect(update.error?.code).toBe("42501");
    const remove = await supabase.from("calendar_events").delete().eq("title", "Fixed");
    expect(remove.status).toBe(403);
    const { data } = await supabase.from("calendar_events").select("title").eq("title", "Fixed");
    expect(data).toEqual([{ title: "Fixed" }]);
  });

  it("lets the service role do what the team may not (the grants, not the server, decide)", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await admin.from("calendar_events").insert(event("Admin", "2025-08-01"));
    const { status } = await admin.from("calendar_events").delete().eq("title", "Admin");
    expect(status).toBe(204);
  });
});

describe("reads stay small", () => {
  it("answers at most 1,000 rows a read, however high the limit, and pages reach the rest", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    const rows = Array.from({ length: 1100 }, (_, i) => contact(`many-${String(i).padStart(4, "0")}`));
    expect((await admin.from("contacts").insert(rows)).error).toBeNull();
    const supabase = team;
    const all = await supabase.from("contacts").select("id", { count: "exact" });
    expect(all.data).toHaveLength(1000);
    expect(all.status).toBe(206);
    expect(all.count).toBeGreaterThan(1100);
    const high = await supabase.from("contacts").select("id").order("id").limit(5000);
    expect(high.data).toHaveLength(1000);
    // However many digits, as PostgREST reads it; an offset beyond Postgres' bigint is the database's 400.
    const huge = await supabase.from("contacts").select("id").order("id").limit(99_999_999_999);
    expect(huge.data).toHaveLength(1000);
    const far = await fetch(`${backend.url}/rest/v1/contacts?select=id&offset=99999999999999999999`, {
      headers: await sessionHeaders(team),
    });
    expect([far.status, (await far.json()).code]).toEqual([400, "22003"]);
    const next = await supabase.from("contacts").select("id").order("id").range(1000, 1999);
    expect(next.data?.length).toBeGreaterThan(100);
  });

  it("gives a team list read by key every row once, newest first, past the thousand added at one instant", async () => {
    // The rows added by one insert share their created_at: the pages meet between two of them, ordered by id.
    const { rows } = await backend.db.query<{ id: string }>(
      "select id from public.contacts order by created_at desc, id",
    );
    expect(rows.length).toBeGreaterThan(1000);
    expect((await fetchContacts(team)).map((read) => read.id)).toEqual(rows.map((row) => row.id));
  });
});
