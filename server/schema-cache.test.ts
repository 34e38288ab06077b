/**
 * The schema cache: a name no table has is answered from the cache, and a table (or column) added while the
 * backend runs, the way a migration adds it, is found at its first request. What the backend asks of the
 * database is counted: the schema is read again once after a change, never once per unknown name.
 */
import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { type Backend, withBackend } from "./test-helpers";

let backend: Backend;
withBackend((started) => (backend = started));

const headers = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` };

async function get(path: string) {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, { headers });
  return { status: response.status, body: await response.json() };
}

/** Counts the readings of the whole schema (database.mjs readSchema) made from here on. */
function countSchemaReads() {
  const spy: MockInstance = vi.spyOn(backend.db, "query");
  return () => spy.mock.calls.filter(([sql]) => String(sql).includes("pg_publication_tables")).length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the schema cache", () => {
  it("answers unknown table names with 404 PGRST205 without reading the schema again", async () => {
    const schemaReads = countSchemaReads();
    for (let i = 0; i < 20; i++) {
      const result = await get(`nope_${i}_${Math.random().toString(36).slice(2)}?select=*`);
      expect(result.status).toBe(404);
      expect(result.body.code).toBe("PGRST205");
    }
    expect(schemaReads()).toBe(0);
  });

  it("finds a table created while the backend runs at its first request, reading the schema once", async () => {
    await backend.db.exec(`
      create table public.added_later (id int primary key, word text);
      grant select on public.added_later to anon;
      insert into public.added_later values (1, 'here');
    `);
    const schemaReads = countSchemaReads();
    expect(await get("added_later?select=id,word")).toEqual({ status: 200, body: [{ id: 1, word: "here" }] });
    expect(schemaReads()).toBe(1);
    expect((await get("added_later?select=id")).status).toBe(200);
    expect((await get("still_missing?select=*")).status).toBe(404);
    expect(schemaReads()).toBe(1);
  });

  it("sees a column added to a table it knows", async () => {
    expect((await get("added_later?select=id")).status).toBe(200);
    await backend.db.exec(`
      alter table public.added_later add column note text default 'new';
      grant select (note) on public.added_later to anon;
    `);
    expect(await get("added_later?select=id,note")).toEqual({ status: 200, body: [{ id: 1, note: "new" }] });
  });

  it("forgets a dropped table", async () => {
    await backend.db.exec(
      "create table public.short_lived (id int primary key); grant select on public.short_lived to anon",
    );
    expect((await get("short_lived?select=id")).status).toBe(200);
    await backend.db.exec("drop table public.short_lived");
    const result = await get("short_lived?select=id");
    expect(result.status).toBe(404);
    expect(result.body.code).toBe("PGRST205");
  });
});
