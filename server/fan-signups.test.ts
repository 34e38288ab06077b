/**
 * What the local backend's HTTP answer to a fan's sign-up shows: an empty 201, the same for an address
 * already on the list down to every header, no difference to supabase-js either, an address held past the
 * shared backstop answered the same, and a refusal past the held list's ceiling that is a bodiless 429 with
 * Retry-After. Who may add, read and remove a
 * sign-up, which row a repeated address leaves, and the caps themselves are the SQL's own tests
 * (supabase/tests/fan-signups-policies.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, withBackend } from "./test-helpers";

let backend: Backend;

withBackend((started) => (backend = started));

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
  await backend.db.exec(
    "delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals;",
  );
  await backend.db.exec("update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;");
});

describe("signing up, as any visitor", () => {
  it("adds the address and the choice with 201 and an empty body", async () => {
    const response = await signUp({ email: "fan@example.com", interest: "tshirts" });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("");
    expect(await rows()).toEqual([{ email: "fan@example.com", interest: "tshirts" }]);
  });

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

describe("the flood cap", () => {
  it("holds a new address past the backstop with the same empty 201, counts repeats once, and past the day's ceiling answers 429 with no body and a Retry-After", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_minute = 2;");
    const accepted = await signUp({ email: "one@example.com" });
    expect(accepted.status).toBe(201);
    const headersOf = (response: Response) =>
      [...response.headers].filter(([name]) => !["date", "retry-after"].includes(name)).sort();
    // A repeat counts once: the backstop has seen one address, then two.
    expect((await signUp({ email: "ONE@example.com" })).status).toBe(201);
    expect((await signUp({ email: "two@example.com" })).status).toBe(201);
    const held = await signUp({ email: "three@example.com" });
    expect(held.status).toBe(201);
    expect(await held.text()).toBe("");
    expect(headersOf(held)).toEqual(headersOf(accepted));
    expect(await rows()).toHaveLength(2);
    const { rows: kept } = await backend.db.query("select email from public.fan_signups_held");
    expect(kept).toEqual([{ email: "three@example.com" }]);
    await backend.db.exec("update public.fan_signups_limits set held_per_day = 1;");
    const refused = await signUp({ email: "four@example.com" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await rows()).toHaveLength(2);
  });
});
