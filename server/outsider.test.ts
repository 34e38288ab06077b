/**
 * The outsider's suite: the backend started as `npm start` starts it (the team account from the
 * defaults, GoTrue's rate limit and token lifetime, the site's origins), attacked with nothing but what
 * every visitor's browser receives: the URL and the anon key. Every attempt must be refused, the backend
 * must keep serving, and the team's calendar and contacts must be unchanged afterwards.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import type WebSocket from "ws";
import { startBackend } from "./backend.mjs";
import { backendOptions } from "./run.mjs";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import {
  type Backend,
  client,
  closeClients,
  contact,
  event,
  openRawSocket,
  signedIn,
  stopReadingUntilDropped,
  subscribe,
  TEAM,
  until,
  type ChangePayload,
} from "./test-helpers";

/**
 * A team session of its own listening to the calendar; `heard(title)` waits until it hears `title`'s insert, which
 * has then been sent to every socket, so one that should not have it would have it too (a short while more for its
 * own socket to read it), and then closes its socket.
 */
async function teamListening() {
  const changes: ChangePayload[] = [];
  const session = await signedIn(backend.url);
  await subscribe(session, changes);
  return async function heard(title: string) {
    await until(
      () => changes.some((change) => (change.new as { title?: string }).title === title),
      `the team hearing ${title}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await session.removeAllChannels();
  };
}

let backend: Backend;
let team: SupabaseClient; // the insider: signed in once, before the attacks
const FAN = { email: "fan@example.com", password: "a-fan-with-an-account" };
const teamTitles = ["Studio day", "Away: family wedding"];

beforeAll(async () => {
  backend = await startBackend({ ...backendOptions({ env: {} }), port: 0 });
  team = await signedIn(backend.url);
  for (const [i, title] of teamTitles.entries()) {
    const { error } = await team.from("calendar_events").insert(event(title, `2025-06-0${i + 1}`));
    if (error) throw error;
  }
  const { error } = await team
    .from("contacts")
    .insert(contact("agent", { name: "Aoife Agent", email: "aoife@agency.example", phone: "+353 1 234" }));
  if (error) throw error;
  await team.from("contacts").update({ email: null }).eq("id", "agent"); // its history keeps the old e-mail
  // An account that exists but is not the team (made by the service role: sign-ups are off).
  await client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin.createUser({ ...FAN, email_confirm: true });
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

const anonHeaders = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` };
const json = { "Content-Type": "application/json" };
const newEvent = JSON.stringify(event("Outsider was here", "2025-06-09"));
async function openSocket(key = LOCAL_ANON_KEY) {
  const socket = openRawSocket(backend.url, key);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return socket;
}

const calendarJoin = (ref: number, topic: string, accessToken?: string) =>
  JSON.stringify([
    String(ref),
    String(ref),
    `realtime:${topic}`,
    "phx_join",
    {
      config: { postgres_changes: [{ event: "*", schema: "public", table: "calendar_events" }] },
      ...(accessToken ? { access_token: accessToken } : {}),
    },
  ]);

/** Collects the postgres_changes a raw socket receives. */
function changesOn(socket: WebSocket) {
  const changes: unknown[] = [];
  const replies: Array<{ ref: string; status: string; reason?: string }> = [];
  socket.on("message", (data) => {
    const [, ref, , name, payload] = JSON.parse(data.toString());
    if (name === "postgres_changes") changes.push(payload);
    if (name === "phx_reply") replies.push({ ref, status: payload.status, reason: payload.response?.reason });
  });
  return { changes, replies };
}

describe("an outsider with the anon key", () => {
  // That each verb and function is refused by the grants (401, 42501) is the SQL's own test
  // (supabase/tests/anon-key-refused.test.ts); here, that the backend answers each with a 4xx, never a 5xx.
  it.each([
    ["calendar_events", newEvent, "title"],
    ["contacts", JSON.stringify(contact("outsider")), "name"],
    [
      "contacts_history",
      JSON.stringify({ contact_id: "agent", version: 9, contact: { name: "Forged", role: "x" } }),
      "contact_id",
    ],
    ["contacts_limits", JSON.stringify({ per_minute: 100000 }), "per_minute"],
  ])("is answered with a 4xx, never a 5xx, for every REST verb on %s", async (table, body, column) => {
    const base = `${backend.url}/rest/v1/${table}`;
    const change = JSON.stringify({ [column]: column === "per_minute" ? 100000 : "Defaced" });
    const attempts: Array<[string, RequestInit]> = [
      [`${base}?select=*`, { method: "GET" }],
      [`${base}?select=*`, { method: "HEAD" }],
      [base, { method: "POST", headers: json, body }],
      [base, { method: "POST", headers: { ...json, Prefer: "resolution=merge-duplicates" }, body }],
      [`${base}?${column}=neq.0`, { method: "PATCH", headers: json, body: change }],
      [`${base}?${column}=neq.0`, { method: "DELETE" }],
      [`${base}?${column}=neq.0`, { method: "PUT", headers: json, body }],
    ];
    for (const [url, init] of attempts) {
      const response = await fetch(url, { ...init, headers: { ...anonHeaders, ...(init.headers ?? {}) } });
      expect(response.status, `${init.method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it("is answered with a 4xx, never a 5xx, for every function over the contacts", async () => {
    for (const [name, args] of [
      ["restore_contacts", { at: "2025-01-01T00:00:00Z", dry_run: true }],
      ["contacts_keep_history", {}],
      ["contacts_flood_guard", {}],
      ["contacts_edit_budget", {}],
      ["fan_signups_refused", {}],
    ] as const) {
      const response = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
        method: "POST",
        headers: { ...anonHeaders, ...json },
        body: JSON.stringify(args),
      });
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(response.status, name).toBeLessThan(500);
    }
  });

  it("receives no calendar change over realtime", async () => {
    const socket = await openSocket();
    const { changes, replies } = changesOn(socket);
    socket.send(calendarJoin(1, "calendar"));
    await until(() => replies.length === 1, "the join reply");
    const heard = await teamListening();
    await team.from("calendar_events").insert(event("Rehearsal", "2025-06-03"));
    teamTitles.push("Rehearsal");
    await heard("Rehearsal");
    expect(changes).toEqual([]);
    socket.terminate();
  });

  it("gets nowhere with forged and expired tokens", async () => {
    const soon = Math.floor(Date.now() / 1000) + 3600;
    const teamClaims = { role: "authenticated", aud: "authenticated", app_metadata: { team: "stagedoor" }, exp: soon };
    const forged = [
      await signJwt({ ...teamClaims }, "guessed-secret"),
      await signJwt({ role: "service_role", exp: soon }, "guessed-secret"),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify(teamClaims)).toString("base64url")}.`,
      // Expired (signed with the local backend's published development secret, so only the expiry refuses it).
      await signJwt({ ...teamClaims, exp: Math.floor(Date.now() / 1000) - 60 }, LOCAL_JWT_SECRET),
    ];
    for (const token of forged) {
      const rest = await fetch(`${backend.url}/rest/v1/calendar_events?select=*`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(401);
      expect(await rest.json()).toMatchObject({ code: "PGRST301" });
      const socket = openRawSocket(backend.url, token);
      const status = await new Promise((resolve) =>
        socket.once("unexpected-response", (_request, response) => resolve(response.statusCode)),
      );
      expect(status).toBe(401);
      const user = await fetch(`${backend.url}/auth/v1/user`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect(user.status).toBe(403);
    }
    const socket = await openSocket();
    const { replies } = changesOn(socket);
    forged.forEach((token, i) => socket.send(calendarJoin(i + 1, `forged-${i}`, token)));
    await until(() => replies.length === forged.length, "the join replies");
    expect(replies.map((reply) => reply.status)).toEqual(forged.map(() => "error"));
    socket.terminate();
  });

  it("sees and changes nothing with an account that lacks the team mark", async () => {
    const fan = await signedIn(backend.url, FAN);
    expect((await fan.from("calendar_events").select("*")).data).toEqual([]);
    expect((await fan.from("calendar_events").insert(event("Fan event"))).status).toBe(403);
    expect((await fan.auth.updateUser({ data: { team: "stagedoor" } })).error).toBeNull();
    await fan.auth.refreshSession();
    expect((await fan.from("calendar_events").select("*")).data).toEqual([]);
    const token = (await fan.auth.getSession()).data.session!.access_token;
    const promote = await fetch(`${backend.url}/auth/v1/user`, {
      method: "PUT",
      headers: {
        ...json,
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${token}`,
        "X-Supabase-Api-Version": "2024-01-01",
      },
      body: JSON.stringify({ app_metadata: { team: "stagedoor" } }),
    });
    expect(promote.status).toBe(403);
    expect(await promote.json()).toMatchObject({ code: "not_admin" });

    const socket = await openSocket();
    const { changes, replies } = changesOn(socket);
    socket.send(calendarJoin(1, "fan", token));
    await until(() => replies.length === 1, "the join reply");
    const heard = await teamListening();
    await team.from("calendar_events").insert(event("Mastering", "2025-06-04"));
    teamTitles.push("Mastering");
    await heard("Mastering");
    expect(changes).toEqual([]);
    socket.terminate();
  });

  it("cannot sign up, sign in anonymously or use the admin API", async () => {
    const outsider = client(backend.url);
    const signUp = await outsider.auth.signUp({ email: "attacker@example.com", password: "attacker-password" });
    expect(signUp.error).toMatchObject({ status: 422, code: "signup_disabled" });
    expect((await outsider.auth.signInAnonymously()).error).toMatchObject({ status: 422, code: "signup_disabled" });
    const admin = await outsider.auth.admin.createUser({
      email: "attacker@example.com",
      password: "attacker-password",
      email_confirm: true,
      app_metadata: { team: "stagedoor" },
    });
    expect(admin.error).toMatchObject({ status: 403, code: "not_admin" });
    expect((await outsider.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: "not_admin" });
  });

  it("is stopped with 429 after a burst of 30 password guesses", async () => {
    const started = Date.now();
    const signIn = (password: string) => client(backend.url).auth.signInWithPassword({ email: TEAM.email, password });
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`guess-${i}`)));
    // The right password, sent with guesses that empty the bucket again, is refused too. On a machine slow enough
    // that the bucket gains one back between two answers, a round may let it in: another round is tried.
    let refused: (typeof attempts)[number] | undefined;
    for (let round = 0; round < 10 && !refused; round++) {
      const sent = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => signIn(`guess-${round}-${i}`)),
        signIn(TEAM.password),
      ]);
      attempts.push(...sent);
      refused = sent.at(-1)?.error?.code === "over_request_rate_limit" ? sent.at(-1) : undefined;
    }
    const codes = attempts.map((attempt) => attempt.error?.code ?? "signed in");
    expect(codes.every((code) => ["invalid_credentials", "over_request_rate_limit", "signed in"].includes(code))).toBe(
      true,
    );
    // GoTrue's bucket: 30 at once (fewer if the file's earlier sign-ins have not been given back yet), then one every
    // 2 s, so the longer the burst takes (a busy machine), the more of it is answered.
    const answered = codes.filter((code) => code !== "over_request_rate_limit").length;
    expect(answered).toBeLessThanOrEqual(30 + Math.ceil((Date.now() - started) / 2000));
    expect(refused?.error).toMatchObject({ name: "AuthApiError", status: 429, message: "Request rate limit reached" });
  });

  it(
    "cannot hold more than 100 channels with 10,000 joins on one socket",
    async () => {
      const socket = await openSocket();
      const { replies } = changesOn(socket);
      for (let i = 0; i < 10_000; i++) socket.send(calendarJoin(i, `flood-${i}`));
      await until(() => replies.length === 10_000, "every join's reply");
      expect(replies.filter((reply) => reply.status === "ok")).toHaveLength(100);
      expect(replies.filter((reply) => reply.reason === "ChannelRateLimitReached: Too many channels")).toHaveLength(
        9_900,
      );
      socket.terminate();
    },
    patient(60_000),
  );

  it(
    "cannot grow the server with a socket that stops reading",
    async () => {
      await stopReadingUntilDropped(backend);
    },
    patient(30_000),
  );

  it("cannot call from another website, and deep JSON gets a 400", async () => {
    const hostile = await fetch(`${backend.url}/rest/v1/calendar_events?select=*`, {
      headers: { ...anonHeaders, Origin: "https://evil.example" },
    });
    expect(hostile.status).toBe(403);
    expect(hostile.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${backend.url}/rest/v1/contacts`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(403);
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    for (const path of ["/rest/v1/contacts", "/rest/v1/calendar_events", "/auth/v1/token?grant_type=password"]) {
      const response = await fetch(`${backend.url}${path}`, {
        method: "POST",
        headers: { ...anonHeaders, ...json },
        body: deep,
      });
      expect([400, 429]).toContain(response.status);
    }
  });

  it("leaves the backend serving and the team's calendar and contacts unchanged", async () => {
    expect((await client(backend.url).from("contacts").select("id")).status).toBe(401);
    const { data: contacts } = await team.from("contacts").select("id, name, email, phone");
    expect(contacts).toEqual([{ id: "agent", name: "Aoife Agent", email: null, phone: "+353 1 234" }]);
    const { rows: counted } = await backend.db.query(
      "select (select count(*) from public.contacts_insert_log)::int as added, (select count(*) from public.contacts_update_log)::int as changed",
    );
    expect(counted).toEqual([{ added: 1, changed: 1 }]);
    const { data, error } = await team.from("calendar_events").select("title").order("start_date");
    expect(error).toBeNull();
    expect(data?.map((row) => row.title)).toEqual(teamTitles);
    const { rows } = await backend.db.query<{ title: string }>(
      "select title from public.calendar_events order by start_date",
    );
    expect(rows.map((row) => row.title)).toEqual(teamTitles);
  });
});
