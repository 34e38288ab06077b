/**
 * The flood guard, with only the anon key: at most 60 new contacts a minute and 1,000 a day from
 * all visitors together, refused with 429 and PostgREST's error shape, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, closeClients, contact, freshBackend } from "./test-helpers";

let backend: Backend;

async function setLimits(limits: { per_minute?: number; per_day?: number }) {
  const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
  const { error } = await admin.from("contacts_limits").update(limits).eq("id", true);
  expect(error).toBeNull();
}

beforeAll(async () => {
  backend = await freshBackend();
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

describe("flood guard", () => {
  it("cuts a burst of 120 inserts at the cap with 429s, never a 500", async () => {
    const supabase = client(backend.url);
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    const counted = async () =>
      (await admin.from("contacts_insert_log").select("*", { count: "exact", head: true })).count ?? 0;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, index) => supabase.from("contacts").insert(contact(`flood-${index}`))),
    );
    const elapsed = performance.now() - started;
    const statuses = results.map((result) => result.status);
    const created = statuses.filter((status) => status === 201).length;
    const refused = results.filter((result) => result.status === 429);
    expect(created).toBe(60);
    expect(await counted()).toBe(60);
    const { data: stored } = await supabase
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
    console.info(`120-insert burst: ${created} created, ${refused.length} refused (429) in ${Math.round(elapsed)} ms`);
  });

  it("refuses a batch that would pass the cap as a whole", async () => {
    const supabase = client(backend.url);
    const { status } = await supabase.from("contacts").insert([contact("batch-1"), contact("batch-2")]);
    expect(status).toBe(429);
    const { data } = await supabase.from("contacts").select("id").in("id", ["batch-1", "batch-2"]);
    expect(data).toEqual([]);
  });

  it("does not count an upsert that only updates, nor limit the service role", async () => {
    const supabase = client(backend.url);
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    expect((await admin.from("contacts").insert(contact("imported"))).status).toBe(201);
    expect((await supabase.from("contacts").upsert(contact("imported", { name: "Again" }))).status).toBe(200);
  });

  it("holds a day cap too, and the limits can be changed", async () => {
    const supabase = client(backend.url);
    await setLimits({ per_minute: 1000, per_day: 61 });
    try {
      expect((await supabase.from("contacts").insert(contact("day-1"))).status).toBe(201);
      const refused = await supabase.from("contacts").insert(contact("day-2"));
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toBe("Too many new contacts: at most 61 a day");
    } finally {
      await setLimits({ per_minute: 60, per_day: 1000 });
    }
  });

  it("keeps the limits out of the anon role's reach", async () => {
    const supabase = client(backend.url);
    expect((await supabase.from("contacts_limits").update({ per_minute: 100000 }).eq("id", true)).status).toBe(401);
    expect((await supabase.from("contacts_limits").select("*")).status).toBe(401);
    expect((await supabase.from("contacts_insert_log").delete().gt("id", 0)).status).toBe(401);
  });
});
