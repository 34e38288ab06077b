/**
 * The contacts' history, as the team meets it, and what a session in the wrong hands could do: whatever
 * one does to the contacts, the team can get every card back, and the database refuses what would lose
 * or hide a contact. The anon key reads and writes nothing at all.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { type Backend, client, contact, sessionHeaders, signedIn, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;

async function rest(path: string, init: RequestInit = {}) {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    ...init,
    headers: { ...(await sessionHeaders(team)), "Content-Type": "application/json", ...(init.headers ?? {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Runs SQL in the database as the anon role; returns the error it raised, or null. */
async function asAnon(sql: string): Promise<unknown> {
  try {
    await backend.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'anon', true)");
      await tx.query(sql);
    });
    return null;
  } catch (error) {
    return error;
  }
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));

describe("contact history", () => {
  it("keeps the previous version of every real change, newest first, and nothing for a non-change", async () => {
    const supabase = team;
    await supabase.from("contacts").insert(contact("h1", { name: "Aoife", email: "a@x.ie" }));
    const first = await supabase.from("contacts").select("*").eq("id", "h1").single();
    expect(first.data).toMatchObject({ version: 1 });
    await supabase.from("contacts").update({ name: "Aoife Ní Bhriain" }).eq("id", "h1");
    await supabase.from("contacts").update({ role: "Manager", email: null }).eq("id", "h1");
    // The same values again: no new version, no history.
    await supabase.from("contacts").update({ role: "Manager" }).eq("id", "h1");

    const { data: current } = await supabase.from("contacts").select("*").eq("id", "h1").single();
    expect(current).toMatchObject({ name: "Aoife Ní Bhriain", role: "Manager", email: null, version: 3 });
    const { data: history, error } = await supabase
      .from("contacts_history")
      .select("*")
      .eq("contact_id", "h1")
      .order("version", { ascending: false });
    expect(error).toBeNull();
    expect(history?.map((row) => [row.version, row.name, row.role, row.email])).toEqual([
      [2, "Aoife Ní Bhriain", "Booker", "a@x.ie"],
      [1, "Aoife", "Booker", "a@x.ie"],
    ]);
    expect(history?.[0].replaced_at).toBe(current.updated_at);
    expect(history?.[1].written_at).toBe(first.data.updated_at);
  });

  it("keeps the version a legacy upsert overwrites, and the upsert still works", async () => {
    const supabase = team;
    expect((await supabase.from("contacts").upsert(contact("legacy", { name: "Old" }))).status).toBe(201);
    expect((await supabase.from("contacts").upsert(contact("legacy", { name: "New" }))).status).toBe(200);
    expect((await supabase.from("contacts").upsert(contact("legacy", { name: "New" }))).status).toBe(200);
    const { data } = await supabase.from("contacts_history").select("name, version").eq("contact_id", "legacy");
    expect(data).toEqual([{ name: "Old", version: 1 }]);
  });

  it("leaves version and updated_at to the database", async () => {
    const supabase = team;
    const insert = await supabase.from("contacts").insert(contact("v1", { version: 7 }));
    expect(insert.status).toBe(403);
    await supabase.from("contacts").insert(contact("v1"));
    const update = await supabase.from("contacts").update({ version: 9 }).eq("id", "v1");
    expect(update.status).toBe(403);
    const stamp = await supabase.from("contacts").update({ updated_at: "2000-01-01T00:00:00Z" }).eq("id", "v1");
    expect(stamp.status).toBe(403);
  });

  it("cannot be written, changed, deleted or emptied, by the team or with the anon key", async () => {
    const supabase = team;
    const row = {
      contact_id: "h1",
      version: 99,
      name: "Forged",
      role: "x",
      written_at: "2025-01-01T00:00:00Z",
      replaced_at: "2025-01-01T00:00:00Z",
    };
    for (const [who, caller, refused] of [
      ["the team", supabase, 403],
      ["the anon key", client(backend.url), 401],
    ] as const) {
      expect((await caller.from("contacts_history").insert(row)).status, who).toBe(refused);
      expect(
        (await caller.from("contacts_history").update({ name: "Forged" }).eq("contact_id", "h1")).status,
        who,
      ).toBe(refused);
      expect((await caller.from("contacts_history").delete().eq("contact_id", "h1")).status, who).toBe(refused);
      expect((await caller.from("contacts_history").delete().neq("contact_id", "")).status, who).toBe(refused);
    }
    // TRUNCATE is not in the REST API; the grants refuse it in SQL too, and the trigger function
    // cannot be called on its own.
    expect(await asAnon("truncate public.contacts_history")).toMatchObject({ code: "42501" });
    expect(await asAnon("select public.contacts_keep_history()")).toMatchObject({ code: "42501" });
    const { data } = await supabase.from("contacts_history").select("name").eq("contact_id", "h1");
    expect(data).toHaveLength(2);
  });
});

describe("optimistic concurrency", () => {
  it("saves only over the version the draft was taken from", async () => {
    const one = team;
    const two = await signedIn(backend.url);
    await one.from("contacts").insert(contact("race"));
    const { data: draft } = await one.from("contacts").select("*").eq("id", "race").single();
    const first = await two
      .from("contacts")
      .update({ role: "Agent" })
      .eq("id", "race")
      .eq("version", draft.version)
      .select();
    expect(first.data).toHaveLength(1);
    expect(first.data?.[0]).toMatchObject({ role: "Agent", version: draft.version + 1 });
    const second = await one
      .from("contacts")
      .update({ role: "Promoter" })
      .eq("id", "race")
      .eq("version", draft.version)
      .select();
    expect(second.error).toBeNull();
    expect(second.data).toEqual([]);
    const { data } = await one.from("contacts").select("role").eq("id", "race").single();
    expect(data).toEqual({ role: "Agent" });
  });
});

describe("ids never change", () => {
  it("refuses to rename a contact's id with a 400, and changes nothing", async () => {
    const supabase = team;
    await supabase.from("contacts").insert(contact("stay"));
    const { error, status } = await supabase.from("contacts").update({ id: "moved" }).eq("id", "stay");
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "PT400", message: "A contact's id cannot be changed" });
    expect(Object.keys(error ?? {}).sort()).toEqual(["code", "details", "hint", "message"]);
    const { data } = await supabase.from("contacts").select("id").in("id", ["stay", "moved"]);
    expect(data).toEqual([{ id: "stay" }]);
  });

  it("accepts an update that sends the same id", async () => {
    const supabase = team;
    const { status } = await supabase.from("contacts").update({ id: "stay", role: "Agent" }).eq("id", "stay");
    expect(status).toBe(204);
  });
});

describe("no blank cards", () => {
  it.each([
    ["an empty name", { name: "" }],
    ["a name of spaces", { name: "   " }],
    ["a role of spaces and a tab", { role: " \t " }],
  ])("refuses %s on insert and update", async (_label, blank) => {
    const supabase = team;
    const id = `blank-${Math.random().toString(36).slice(2)}`;
    const insert = await supabase.from("contacts").insert(contact(id, blank));
    expect(insert.status).toBe(400);
    expect(insert.error?.code).toBe("23514");
    await supabase.from("contacts").insert(contact(id));
    const update = await supabase.from("contacts").update(blank).eq("id", id);
    expect(update.status).toBe(400);
    expect(update.error?.code).toBe("23514");
    const { data } = await supabase.from("contacts").select("name, role").eq("id", id).single();
    expect(data).toEqual({ name: `Name ${id}`, role: "Booker" });
  });
});

describe("after a mass overwrite", () => {
  it("every contact comes back from its history, with ordinary updates", async () => {
    const supabase = team;
    const ids = ["m-a", "m-b", "m-c"];
    await supabase
      .from("contacts")
      .insert(ids.map((id) => contact(id, { email: `${id}@x.ie`, phone: `0${ids.indexOf(id)}` })));
    const { data: before } = await supabase.from("contacts").select("*").order("id");
    // One request may change one contact, so the overwrite is a loop of requests, one a contact.
    const overwrite = JSON.stringify({ name: "pwned", role: "pwned", email: "pwned", phone: "pwned" });
    expect((await rest("contacts?id=neq.x", { method: "PATCH", body: overwrite })).status).toBe(400);
    for (const { id } of before ?? []) {
      expect((await rest(`contacts?id=eq.${id}`, { method: "PATCH", body: overwrite })).status).toBe(204);
    }
    const { data: after } = await supabase.from("contacts").select("*").order("id");
    expect(after?.every((row) => row.name === "pwned")).toBe(true);

    // Each card's newest history entry is how it was before the overwrite.
    for (const row of after ?? []) {
      const { data: previous } = await supabase
        .from("contacts_history")
        .select("*")
        .eq("contact_id", row.id)
        .order("version", { ascending: false })
        .limit(1)
        .single();
      const { name, role, email, phone } = previous;
      const restored = await supabase
        .from("contacts")
        .update({ name, role, email, phone })
        .eq("id", row.id)
        .eq("version", row.version)
        .select();
      expect(restored.data).toHaveLength(1);
    }
    const { data: back } = await supabase.from("contacts").select("*").order("id");
    const values = (rows: typeof before) =>
      rows?.map(({ id, name, role, email, phone, created_at }) => ({ id, name, role, email, phone, created_at }));
    expect(values(back)).toEqual(values(before));
    // The overwrite itself is in the history too, so the restore can be undone.
    const { data: pwned } = await supabase.from("contacts_history").select("contact_id").eq("name", "pwned");
    expect(pwned).toHaveLength(before?.length ?? 0);
  });
});
