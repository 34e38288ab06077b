/** Starts a fresh in-memory backend on a free port and makes supabase-js clients for it. */
import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll } from "vitest";
import WebSocket from "ws";
import { patient } from "../tools/test-pace.mjs";
import { startBackend } from "./backend.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "./team-account.mjs";

export type Backend = Awaited<ReturnType<typeof startBackend>>;

/** The team account every test backend starts with (as `npm start` does outside production). */
export const TEAM = { email: DEFAULT_TEAM_EMAIL, password: DEV_TEAM_PASSWORD };

/**
 * A backend with the team account and a /token bucket big enough for a test file's many sign-ins
 * (every test signs in from 127.0.0.1); pass `authRateLimit` to test the limit itself.
 */
export async function freshBackend(options: Parameters<typeof startBackend>[0] = {}): Promise<Backend> {
  return startBackend({ port: 0, team: TEAM, authRateLimit: { burst: 1000, refillPerSecond: 100 }, ...options });
}

const clients: SupabaseClient[] = [];

/** The app's client configuration, with the ws transport Node 20 needs. */
export function client(url: string, key = LOCAL_ANON_KEY, { autoRefreshToken = false } = {}): SupabaseClient {
  const supabase = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken },
    realtime: { transport: WebSocket as never },
  });
  clients.push(supabase);
  return supabase;
}

/** A client signed in to the team account (or another account), as the calendar's Login does. */
export async function signedIn(
  url: string,
  { email = TEAM.email, password = TEAM.password, autoRefreshToken = false } = {},
): Promise<SupabaseClient> {
  const supabase = client(url, LOCAL_ANON_KEY, { autoRefreshToken });
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return supabase;
}

/**
 * For a test file: a fresh backend, started before the file's tests and closed (with every client made
 * for it) after them, handed to `ready` (the file keeps it in a variable of its own). Hooks the file adds
 * after this call run after the backend is up.
 */
export function withBackend(
  ready: (backend: Backend) => unknown,
  options: Parameters<typeof startBackend>[0] = {},
): void {
  let started: Backend | undefined;
  beforeAll(async () => {
    started = await freshBackend(options);
    await ready(started);
  });
  afterAll(async () => {
    await closeClients();
    await started?.close();
  });
}

/** As withBackend, with a session of the team account handed to `ready` too. */
export function withTeamBackend(
  ready: (backend: Backend, team: SupabaseClient) => void,
  options: Parameters<typeof startBackend>[0] = {},
): void {
  withBackend(async (backend) => ready(backend, await signedIn(backend.url)), options);
}

/** The headers a signed-in client's REST calls carry, for a plain fetch made as that session. */
export async function sessionHeaders(supabase: SupabaseClient): Promise<Record<string, string>> {
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) throw new Error("the client is not signed in");
  return { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` };
}

/** Removes every realtime channel and stops token refresh so timers do not keep the test process alive. */
export async function closeClients(): Promise<void> {
  await Promise.all(
    clients.splice(0).map(async (supabase) => {
      await supabase.auth.stopAutoRefresh();
      await supabase.removeAllChannels();
    }),
  );
}

export function contact(id: string, overrides: Record<string, unknown> = {}) {
  return { id, name: `Name ${id}`, role: "Booker", email: null, phone: null, ...overrides };
}

/** A show of the gig `eventId`, as /calendar's form puts it on the website: Galway's venue, doors in April 2027. */
export function show(id: string, eventId: string | number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    event_id: eventId,
    venue_name: "The Salthill Room",
    venue_street: "14 Seapoint Promenade",
    venue_town: "Galway",
    venue_county: "County Galway",
    venue_postal_code: "H91 X2P4",
    venue_country: "IE",
    starts_at: "2027-04-23T20:00:00+01:00",
    ticket_url: `https://tickets.example/orla-quinlan/${id}`,
    ticket_kind: "ticket",
    ...overrides,
  };
}

export function event(title: string, day = "2025-04-23", overrides: Record<string, unknown> = {}) {
  const date = `${day}T12:00:00.000Z`;
  return { title, description: null, start_date: date, end_date: date, event_type: "gig", ...overrides };
}

/**
 * How long a wait for something to happen is given: most of a test's timeout (vitest.config.ts), made as
 * patient as the machine asks (tools/test-pace.mjs). A wait of two or three seconds, outlasted on a busy machine,
 * would fail a correct backend; this one still ends before the test does, so a wait that never ends says what it
 * waited for.
 */
const PATIENCE_MS = patient(15_000);

/** Waits until `check()` holds (or resolves to true), polling, for PATIENCE_MS at most; `what` names it when it never does. */
export async function until(check: () => boolean | Promise<boolean>, what = "the condition") {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > PATIENCE_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type ChangePayload = RealtimePostgresChangesPayload<Record<string, unknown>>;

/**
 * Subscribes like the calendar does (or to another table or filter, or on a channel of another name beside it) and
 * resolves once the server confirms.
 */
export async function subscribe(
  supabase: SupabaseClient,
  received: ChangePayload[],
  {
    table = "calendar_events",
    filter,
    name = "schema-db-changes",
  }: { table?: string; filter?: string; name?: string } = {},
) {
  const channel = supabase
    .channel(name)
    .on("postgres_changes", { event: "*", schema: "public", table, filter }, (payload: ChangePayload) =>
      received.push(payload),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") resolve();
      if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(error ?? new Error(status));
    });
  });
  return channel;
}

/** A raw realtime socket (protocol 2.0.0), opened with `key` as the apikey. */
export function openRawSocket(url: string, key = LOCAL_ANON_KEY, headers: Record<string, string> = {}) {
  return new WebSocket(`${url.replace("http", "ws")}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`, { headers });
}

/**
 * Plays a reader that has stopped reading: opens a socket, pauses it and sends joins whose replies echo
 * 60 KB of filters, so the replies pile up on the server's side, until the backend drops the socket. Then
 * checks that the client, reading again, finds the connection closed.
 */
export async function stopReadingUntilDropped(backend: Backend) {
  await until(() => backend.realtimeSockets() === 0, "the earlier sockets to close");
  const socket = openRawSocket(backend.url);
  await new Promise((resolve) => socket.once("open", resolve));
  await until(() => backend.realtimeSockets() === 1, "the socket");
  // Listened for from the start: a dropped socket can report its close before the client reads again.
  let closed = false;
  socket.once("close", () => (closed = true));
  socket.pause(); // reads nothing from here on
  // 15 bindings with 3.9 KB filters: a 60 KB join (under the 256 KB frame limit) whose reply echoes them all.
  const binding = { event: "*", schema: "public", table: "contacts", filter: `name=eq.${"x".repeat(3900)}` };
  const frame = JSON.stringify([
    "1",
    "1",
    "realtime:slow",
    "phx_join",
    { config: { postgres_changes: Array.from({ length: 15 }, () => binding) } },
  ]);
  // Sent until the server gives up on the socket (at most 60 MB, a few seconds).
  const deadline = Date.now() + 15_000;
  for (let i = 0; i < 1000 && backend.realtimeSockets() > 0 && Date.now() < deadline; i++) {
    socket.send(frame);
    if (i % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await until(() => backend.realtimeSockets() === 0, "the slow reader to be dropped");
  socket.resume();
  await until(() => closed, "the client to see the connection closed");
}
