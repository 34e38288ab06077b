/**
 * The flood guard on new contacts, counted for the team (the only one who can add any): at most 60 a
 * minute and 1,000 a day, refused with 429 and PostgREST's error shape, never a 500, with the time the
 * allowance next admits one in `details`.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, contact, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;

async function setLimits(limits: { per_minute?: number; per_day?: number }) {
  const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
  const { error } = await admin.from("contacts_limits").update(limits).eq("id", true);
  expect(error).toBeNull();
}

/** When each counted contact was added, oldest first. */
async function counted(): Promise<string[]> {
  const { rows } = await backend.db.query<{ at: string }>(
    "select to_json(inserted_at)#>>'{}' as at from public.contacts_insert_log order by inserted_at",
  );
  return rows.map((row) => row.at);
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));

describe("flood guard", () => {
  it("cuts a burst of 120 inserts at the cap with 429s, never a 500, saying when the minute's allowance admits one again", async () => {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, index) => team.from("contacts").insert(contact(`flood-${index}`))),
    );
    const elapsed = performance.now() - started;
    const statuses = results.map((result) => result.status);
    const created = statuses.filter((status) => status === 201).length;
    const refused = results.filter((result) => result.status === 429);
    expect(created).toBe(60);
    const times = await counted();
    expect(times).toHaveLength(60);
    const { data: stored } = await team
      .from("contacts")
      .select("id")
      .in(
        "id",
        results.map((_, index) => `flood-${index}`),
      );
    expect(stored).toHaveLength(created);
    expect(created + refused.length).toBe(120);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(refused[0].error).toMatchObject({
      code: "PT429",
      message: "Too many new contacts: at most 60 a minute",
      hint: "Try again in a minute.",
    });
    // A minute after the first counted contact, one of the 60 has left the minute: the next is admitted.
    const resets = refused.map((result) => result.error?.details);
    expect(new Set(resets).size).toBe(1);
    expect(resets[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const resetAt = Date.parse(resets[0] ?? "");
    const firstAt = Date.parse(times[0]);
    expect(resetAt - firstAt).toBeGreaterThanOrEqual(60_000);
    expect(resetAt - firstAt).toBeLessThan(60_001);
    console.info(`120-insert burst: ${created} created, ${refused.length} refused (429) in ${Math.round(elapsed)} ms`);
  });

  it("refuses a batch that would pass the cap as a whole", async () => {
    const { status } = await team.from("contacts").insert([contact("batch-1"), contact("batch-2")]);
    expect(status).toBe(429);
    const { data } = await team.from("contacts").select("id").in("id", ["batch-1", "batch-2"]);
    expect(data).toEqual([]);
  });

  it("does not count an upsert that only updates, nor limit the service role", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    expect((await admin.from("contacts").insert(contact("imported"))).status).toBe(201);
    expect((await team.from("contacts").upsert(contact("imported", { name: "Again" }))).status).toBe(200);
  });

  it("holds a day cap too, and the limits can be changed", async () => {
    await setLimits({ per_minute: 1000, per_day: 61 });
    try {
      expect((await team.from("contacts").insert(contact("day-1"))).status).toBe(201);
      const refused = await team.from("contacts").insert(contact("day-2"));
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({
        message: "Too many new contacts: at most 61 a day",
        hint: "Try again tomorrow.",
      });
      // The day's allowance admits one again a day after the first of the 61 counted.
      const [first] = await counted();
      expect(Date.parse(refused.error?.details ?? "") - Date.parse(first)).toBe(86_400_000);
    } finally {
      await setLimits({ per_minute: 60, per_day: 1000 });
    }
  });

  it("names no time when an allowance is set to nothing, which never admits one", async () => {
    await setLimits({ per_minute: 0 });
    try {
      const refused = await team.from("contacts").insert(contact("none-at-all"));
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ message: "Too many new contacts: at most 0 a minute", details: null });
    } finally {
      await setLimits({ per_minute: 60 });
    }
  });

  it("lets the team read the limits but change neither them nor the log, and gives the anon role nothing", async () => {
    const { data } = await team.from("contacts_limits").select("per_minute, per_day");
    expect(data).toEqual([{ per_minute: 60, per_day: 1000 }]);
    expect((await team.from("contacts_limits").update({ per_minute: 100000 }).eq("id", true)).status).toBe(403);
    expect((await team.from("contacts_insert_log").delete().gt("id", 0)).status).toBe(403);
    const anon = client(backend.url);
    expect((await anon.from("contacts_limits").update({ per_minute: 100000 }).eq("id", true)).status).toBe(401);
    expect((await anon.from("contacts_limits").select("*")).status).toBe(401);
    expect((await anon.from("contacts_insert_log").delete().gt("id", 0)).status).toBe(401);
    const { rows } = await backend.db.query("select per_minute from public.contacts_limits");
    expect(rows).toEqual([{ per_minute: 60 }]);
  });
});
