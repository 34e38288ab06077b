/**
 * The team's directory is the team's: with only the anon key, or signed in to any other account, no
 * contact, past version or limit can be read or changed, over REST, RPC or realtime, and no allowance the
 * team uses can be spent. The team adds, edits and restores throughout a stranger's flood.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import {
  type Backend,
  type ChangePayload,
  client,
  contact,
  signedIn,
  subscribe,
  until,
  withTeamBackend,
} from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
let fan: SupabaseClient; // an account that exists but is not the team's
const FAN = { email: "fan@example.com", password: "a-fan-with-an-account" };

/** How many additions and changes the allowances have counted. */
async function counted() {
  const { rows } = await backend.db.query<{ added: number; changed: number }>(
    `select (select count(*) from public.contacts_insert_log)::int as added,
            (select count(*) from public.contacts_update_log)::int as changed`,
  );
  return rows[0];
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));
beforeAll(async () => {
  await client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin.createUser({ ...FAN, email_confirm: true });
  fan = await signedIn(backend.url, FAN);
  const { error } = await team
    .from("contacts")
    .insert(contact("promoter", { name: "Pat Promoter", email: "pat@venue.example", phone: "+353 87 000" }));
  if (error) throw error;
  await team.from("contacts").update({ email: null, phone: null }).eq("id", "promoter");
});

describe("another signed-in account", () => {
  it("reads no contact, past version or limit, erased e-mails included", async () => {
    for (const table of ["contacts", "contacts_history", "contacts_limits"]) {
      expect(await fan.from(table).select("*"), table).toMatchObject({ status: 200, data: [] });
    }
    const { data: kept } = await team.from("contacts_history").select("contact").eq("contact_id", "promoter");
    expect(kept).toEqual([{ contact: expect.objectContaining({ email: "pat@venue.example", phone: "+353 87 000" }) }]);
  });

  it("adds, edits and restores nothing, and is refused the functions over the contacts", async () => {
    const added = await fan.from("contacts").insert(contact("fan-made"));
    expect(added.status).toBe(403);
    expect(added.error?.message).toMatch(/row-level security/);
    const edited = await fan.from("contacts").update({ name: "Defaced" }).eq("id", "promoter").select();
    expect(edited).toMatchObject({ error: null, data: [] });
    const upsert = await fan.from("contacts").upsert(contact("promoter", { name: "Defaced" }));
    expect(upsert.status).toBe(403);
    const restore = await fan.rpc("restore_contacts", { at: new Date().toISOString(), dry_run: true });
    expect(restore).toMatchObject({ status: 403, error: { code: "42501" } });
    const { data } = await team.from("contacts").select("name").eq("id", "promoter").single();
    expect(data).toEqual({ name: "Pat Promoter" });
    expect(await counted()).toEqual({ added: 1, changed: 1 });
  });
});

describe("realtime", () => {
  it("delivers contact changes to team sessions only, even with contacts in the realtime publication", async () => {
    // Not published today; a project owner might add it, and row-level security must still decide.
    await backend.db.exec("alter publication supabase_realtime add table public.contacts");
    // The backend re-reads its schema when asked for a table it does not know, as after a migration.
    await client(backend.url).from("a_table_added_later").select("*");
    const heard = { team: [] as ChangePayload[], anon: [] as ChangePayload[], fan: [] as ChangePayload[] };
    await subscribe(await signedIn(backend.url), heard.team, { table: "contacts" });
    await subscribe(client(backend.url), heard.anon, { table: "contacts" });
    await subscribe(await signedIn(backend.url, FAN), heard.fan, { table: "contacts" });
    await team.from("contacts").insert(contact("heard", { email: "heard@x.ie" }));
    await team.from("contacts").update({ email: null }).eq("id", "heard");
    await until(() => heard.team.length === 2, 5000, "the team's insert and update");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.team.map((payload) => payload.eventType)).toEqual(["INSERT", "UPDATE"]);
    expect(heard.anon).toEqual([]);
    expect(heard.fan).toEqual([]);
  });
});

describe("a stranger's flood", () => {
  it("spends no allowance, while the team adds, edits and restores throughout", async () => {
    const anonHeaders = {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      "Content-Type": "application/json",
    };
    const before = await counted();
    let flooding = true;
    const statuses = new Set<number>();
    let attempts = 0;
    // 60-row batches of junk and one-card overwrites, as fast as the backend answers.
    const flood = (async () => {
      while (flooding) {
        const batch = Array.from({ length: 60 }, (_, i) => contact(`junk-${attempts}-${i}`));
        const responses = await Promise.all([
          fetch(`${backend.url}/rest/v1/contacts`, {
            method: "POST",
            headers: anonHeaders,
            body: JSON.stringify(batch),
          }),
          fetch(`${backend.url}/rest/v1/contacts?id=eq.promoter`, {
            method: "PATCH",
            headers: anonHeaders,
            body: JSON.stringify({ name: `Defaced ${attempts}` }),
          }),
          fan
            .from("contacts")
            .update({ name: `Defaced ${attempts}` })
            .eq("id", "promoter"),
        ]);
        for (const response of responses) statuses.add(response.status);
        attempts++;
      }
    })();
    try {
      while (attempts < 5) await new Promise((resolve) => setTimeout(resolve, 10));
      // The team's day: a new card, an edit, and History → Restore of the previous version.
      expect((await team.from("contacts").insert(contact("new-agent", { name: "Niamh Agent" }))).status).toBe(201);
      const { data: opened } = await team.from("contacts").select("*").eq("id", "new-agent").single();
      const edit = await team
        .from("contacts")
        .update({ role: "Agent (Europe)" })
        .eq("id", "new-agent")
        .eq("version", opened.version)
        .select();
      expect(edit.data).toHaveLength(1);
      const { data: previous } = await team
        .from("contacts_history")
        .select("contact, version")
        .eq("contact_id", "new-agent")
        .order("version", { ascending: false })
        .limit(1)
        .single();
      if (!previous) throw new Error("the edit left no earlier version in the history");
      const { name, role, email, phone } = previous.contact;
      const restore = await team
        .from("contacts")
        .update({ name, role, email, phone })
        .eq("id", "new-agent")
        .eq("version", edit.data?.[0].version)
        .select("role");
      expect(restore.data).toEqual([{ role: "Booker" }]);
      while (attempts < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      flooding = false;
      await flood;
    }
    // Every attempt of the stranger's was refused, and only the team's three writes were counted.
    expect([...statuses].sort()).toEqual([204, 401]); // the other account's update matches no row: 204, no change
    expect(await counted()).toEqual({ added: before.added + 1, changed: before.changed + 2 });
    const { data: names } = await team
      .from("contacts")
      .select("id, name")
      .in("id", ["new-agent", "promoter"])
      .order("id");
    expect(names).toEqual([
      { id: "new-agent", name: "Niamh Agent" },
      { id: "promoter", name: "Pat Promoter" },
    ]);
    const { rows: junk } = await backend.db.query(
      "select count(*)::int as n from public.contacts where id like 'junk-%'",
    );
    expect(junk).toEqual([{ n: 0 }]);
    console.info(`stranger's flood: ${attempts} rounds of a 60-row batch and two overwrites, all refused`);
  });
});
