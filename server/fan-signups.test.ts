/**
 * What the local backend's HTTP answer to a fan's sign-up shows: an empty 201, the same for an address
 * already on the list down to every header, and no difference to supabase-js either. Who may add, read and
 * remove a sign-up, and the flood cap, are the SQL's own tests (supabase/tests/fan-signups.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, closeClients, freshBackend } from "./test-helpers";

let backend: Backend;

beforeAll(async () => {
  backend = await freshBackend();
});

afterAll(async () => {
  await closeClients();
  await backend?.close();
});

/** Every sign-up with its id and date, oldest first, read past row-level security. */
async function everything() {
  const { data, error } = await client(backend.url, LOCAL_SERVICE_ROLE_KEY)
    .from("fan_signups")
    .select("id, email, interest, created_at")
    .order("created_at");
  if (error) throw error;
  return data;
}

/** Every sign-up's address and choice, oldest first. */
async function rows() {
  return (await everything()).map(({ email, interest }) => ({ email, interest }));
}

/** The form's request: a plain POST with the anon key, asking for no row back. */
function signUp(body: unknown, key = LOCAL_ANON_KEY) {
  return fetch(`${backend.url}/rest/v1/fan_signups`, {
    method: "POST",
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Prefer: "return=minimal",
    },
    body: JSON.stringify(body),
  });
}

beforeEach(async () => {
  await backend.db.exec("delete from public.fan_signups; delete from public.fan_signups_attempts;");
  await backend.db.exec("update public.fan_signups_limits set per_minute = 1000;");
});

describe("signing up, as any visitor", () => {
  it("adds the address and the choice with 201 and an empty body", async () => {
    const response = await signUp({ email: "fan@example.com", interest: "tshirts" });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("");
    expect(await rows()).toEqual([{ email: "fan@example.com", interest: "tshirts" }]);
  });

  // Which row a repeated address leaves is the SQL's own test (supabase/tests/fan-signups.test.ts).
  it("answers a repeated address exactly like a new one, whatever its case, down to every header", async () => {
    const first = await signUp({ email: "Fan@Example.com", interest: "all" });
    const again = await signUp({ email: "fan@example.COM", interest: "tshirts" });
    const other = await signUp({ email: "other@example.com", interest: "tshirts" });
    expect([first.status, again.status, other.status]).toEqual([201, 201, 201]);
    expect(await again.text()).toBe(await first.text());
    // Status, body and every header alike, down to Content-Range: nothing says the address was known.
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => !["date", "content-length"].includes(name)).sort();
    expect(headers(again)).toEqual(headers(first));
    expect(headers(other)).toEqual(headers(first));
    // supabase-js sees no difference either.
    const anon = client(backend.url);
    expect(await anon.from("fan_signups").insert({ email: "fan@example.com", interest: "all" })).toMatchObject({
      error: null,
      status: 201,
    });
  });
});
