/**
 * fan_signups as a visitor, an outsider and the team meet it through supabase-js and plain REST:
 * who may add, read and remove a sign-up, what a repeated address answers, and the flood cap.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, closeClients, freshBackend, signedIn } from "./test-helpers";

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

  it("answers a repeated address exactly like a new one and keeps one row, whatever its case", async () => {
    const first = await signUp({ email: "Fan@Example.com", interest: "all" });
    const [before] = await everything();
    const again = await signUp({ email: "fan@example.COM", interest: "tshirts" });
    const other = await signUp({ email: "other@example.com", interest: "tshirts" });
    expect([first.status, again.status, other.status]).toEqual([201, 201, 201]);
    expect(await again.text()).toBe(await first.text());
    // Status, body and every header alike, down to Content-Range: nothing says the address was known.
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => !["date", "content-length"].includes(name)).sort();
    expect(headers(again)).toEqual(headers(first));
    expect(headers(other)).toEqual(headers(first));
    // One row for the address: the first sign-up's id and date, with the choice made last.
    expect((await everything()).filter((row) => /^fan@/i.test(row.email))).toEqual([
      { ...before, email: "fan@example.COM", interest: "tshirts" },
    ]);
    // supabase-js sees no difference either.
    const anon = client(backend.url);
    expect(await anon.from("fan_signups").insert({ email: "fan@example.com", interest: "all" })).toMatchObject({
      error: null,
      status: 201,
    });
  });

  it("refuses a bad choice or a missing one alike, whether or not the address is on the list", async () => {
    await signUp({ email: "listed@example.com", interest: "all" });
    for (const interest of ["bogus", null]) {
      const listed = await signUp({ email: "listed@example.com", interest });
      const unknown = await signUp({ email: "unknown@example.com", interest });
      expect([listed.status, unknown.status], String(interest)).toEqual([400, 400]);
      expect((await listed.json()).code).toBe((await unknown.json()).code);
    }
    expect(await rows()).toEqual([{ email: "listed@example.com", interest: "all" }]);
  });

  it("refuses an address without an @ and a dotted domain, or over 254 characters, with 400", async () => {
    for (const email of ["not-an-address", "fan@localhost", "fan @example.com", "", `${"a".repeat(250)}@ex.com`]) {
      const response = await signUp({ email, interest: "all" });
      expect(response.status, email).toBe(400);
      expect(await response.json()).toMatchObject({ code: "23514" });
    }
    expect(await rows()).toEqual([]);
  });

  it("refuses a choice other than all news or T-shirts", async () => {
    const response = await signUp({ email: "fan@example.com", interest: "everything" });
    expect(response.status).toBe(400);
  });

  it("may not set the id or the date of a sign-up", async () => {
    const withId = await signUp({ id: "00000000-0000-0000-0000-000000000001", email: "a@example.com" });
    expect(withId.status).toBe(401);
    const backdated = await signUp({ email: "b@example.com", created_at: "2020-01-01T00:00:00Z" });
    expect(backdated.status).toBe(401);
    expect(await rows()).toEqual([]);
  });
});

describe("reading and removing the list", () => {
  beforeEach(async () => {
    await signUp({ email: "first@example.com", interest: "all" });
    await signUp({ email: "second@example.com", interest: "tshirts" });
  });

  it("gives an outsider with the anon key no address: 401 on a read, nothing removed", async () => {
    const read = await fetch(`${backend.url}/rest/v1/fan_signups?select=*`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(read.status).toBe(401);
    expect(JSON.stringify(await read.json())).not.toContain("@example.com");
    const anon = client(backend.url);
    const { error } = await anon.from("fan_signups").select("email");
    expect(error).toMatchObject({ code: "42501" });
    const removal = await anon.from("fan_signups").delete().eq("email", "first@example.com");
    expect(removal.error).toMatchObject({ code: "42501" });
    expect(await rows()).toHaveLength(2);
  });

  it("gives a signed-in account that is not the team's no rows", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
    await admin.createUser({ email: "someone@example.com", password: "someone-password-1", email_confirm: true });
    const someone = await signedIn(backend.url, { email: "someone@example.com", password: "someone-password-1" });
    expect(await someone.from("fan_signups").select("email")).toMatchObject({ data: [], error: null });
    await someone.from("fan_signups").delete().eq("email", "first@example.com");
    expect(await rows()).toHaveLength(2);
  });

  it("lets the team read every sign-up, newest first, and remove one", async () => {
    const team = await signedIn(backend.url);
    const { data, error } = await team
      .from("fan_signups")
      .select("id, email, interest, created_at")
      .order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((row) => [row.email, row.interest])).toEqual([
      ["second@example.com", "tshirts"],
      ["first@example.com", "all"],
    ]);
    const removed = await team.from("fan_signups").delete().eq("id", data![1].id);
    expect(removed.error).toBeNull();
    expect(await rows()).toEqual([{ email: "second@example.com", interest: "tshirts" }]);
  });

  it("lets the team remove one sign-up per request, so one call cannot empty the list", async () => {
    const team = await signedIn(backend.url);
    const all = await team.from("fan_signups").delete().neq("email", "nobody@example.com");
    expect(all.error).toMatchObject({ code: "PT400", message: "One request may remove at most 1 sign-up" });
    expect(await rows()).toHaveLength(2);
    expect((await team.from("fan_signups").delete().eq("email", "first@example.com")).error).toBeNull();
    expect(await rows()).toEqual([{ email: "second@example.com", interest: "tshirts" }]);
  });

  it("does not let the team change a sign-up", async () => {
    const team = await signedIn(backend.url);
    const { error } = await team.from("fan_signups").update({ interest: "all" }).eq("email", "second@example.com");
    expect(error).toMatchObject({ code: "42501" });
  });
});

describe("the flood cap", () => {
  it("answers 429 with no body and a Retry-After once the minute's attempts are used, repeats counted alike", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_minute = 3;");
    expect((await signUp({ email: "one@example.com" })).status).toBe(201);
    expect((await signUp({ email: "one@example.com" })).status).toBe(201);
    expect((await signUp({ email: "two@example.com" })).status).toBe(201);
    const answers = [];
    for (const email of ["three@example.com", "one@example.com"]) {
      const refused = await signUp({ email });
      expect(refused.status, email).toBe(429);
      expect(await refused.text()).toBe("");
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      answers.push([...refused.headers].filter(([name]) => !["date", "retry-after"].includes(name)).sort());
    }
    // A refused repeat answers like a refused new address.
    expect(answers[1]).toEqual(answers[0]);
    expect(await rows()).toHaveLength(2);
  });

  it("counts only the last minute", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_minute = 1;");
    expect((await signUp({ email: "one@example.com" })).status).toBe(201);
    expect((await signUp({ email: "two@example.com" })).status).toBe(429);
    await backend.db.exec(
      "update public.fan_signups_attempts set attempted_at = attempted_at - interval '61 seconds';",
    );
    expect((await signUp({ email: "two@example.com" })).status).toBe(201);
  });

  it("is 10 a minute from one client and 600 from everyone unless changed", async () => {
    await backend.db.exec(
      "delete from public.fan_signups_limits; insert into public.fan_signups_limits default values;",
    );
    const { rows: defaults } = await backend.db.query(
      "select per_client_per_minute, per_minute from public.fan_signups_limits",
    );
    expect(defaults).toEqual([{ per_client_per_minute: 10, per_minute: 600 }]);
  });
});
