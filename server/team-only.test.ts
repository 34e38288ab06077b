import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import {
  type Backend,
  type ChangePayload,
  client,
  closeClients,
  event,
  freshBackend,
  openRawSocket,
  signedIn,
  subscribe,
  until,
} from "./test-helpers";

let backend: Backend;
const OUTSIDER = { email: "fan@example.com", password: "a-fan-with-an-account" };

beforeAll(async () => {
  backend = await freshBackend();
  // Someone with an account who is not the team, who has even marked themselves in user_metadata.
  const { error } = await client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin.createUser({
    ...OUTSIDER,
    email_confirm: true,
    user_metadata: { team: "stagedoor" },
    app_metadata: { team: "fans" },
  });
  if (error) throw error;
  await (await signedIn(backend.url)).from("calendar_events").insert(event("Private rehearsal", "2025-03-01"));
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

const titles = (received: ChangePayload[]) => received.map((payload) => (payload.new as { title?: string }).title);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("realtime delivers calendar changes only to team sessions", () => {
  it("sends the team's insert to the team and nothing to anon or an account without the mark", async () => {
    const asTeam: ChangePayload[] = [];
    const asAnon: ChangePayload[] = [];
    const asFan: ChangePayload[] = [];
    await subscribe(await signedIn(backend.url), asTeam);
    await subscribe(client(backend.url), asAnon);
    await subscribe(await signedIn(backend.url, OUTSIDER), asFan);
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await (await signedIn(backend.url)).from("calendar_events").insert(event("Realtime secret", "2025-03-03"));
    await admin.from("calendar_events").update({ title: "Realtime secret, renamed" }).eq("title", "Realtime secret");
    await admin.from("calendar_events").delete().eq("title", "Realtime secret, renamed");
    await until(() => asTeam.length === 3, "the team's three changes");
    await pause(300);
    expect(asTeam.map((payload) => payload.eventType)).toEqual(["INSERT", "UPDATE", "DELETE"]);
    expect(asAnon).toEqual([]);
    expect(asFan).toEqual([]);
    // Checking who may hear of the deletion puts the row back only inside a rolled-back transaction.
    const { data } = await admin
      .from("calendar_events")
      .select("title")
      .in("title", ["Realtime secret", "Realtime secret, renamed"]);
    expect(data).toEqual([]);
  });

  it("refuses a join with a forged or expired access token", async () => {
    const socket = openRawSocket(backend.url);
    await new Promise((resolve) => socket.once("open", resolve));
    const replies: unknown[][] = [];
    socket.on("message", (data) => replies.push(JSON.parse(data.toString())));
    const join = (ref: string, token: string) =>
      socket.send(
        JSON.stringify([
          ref,
          ref,
          `realtime:t${ref}`,
          "phx_join",
          {
            config: { postgres_changes: [{ event: "*", schema: "public", table: "calendar_events" }] },
            access_token: token,
          },
        ]),
      );
    const claims = { role: "authenticated", app_metadata: { team: "stagedoor" }, aud: "authenticated" };
    join("1", await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 }, "not-the-secret"));
    join("2", await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }));
    await until(() => replies.length === 2, "two replies");
    expect(replies.map((reply) => (reply[4] as { status: string }).status)).toEqual(["error", "error"]);
    expect(JSON.stringify(replies)).toMatch(/JWSInvalidSignature/);
    expect(JSON.stringify(replies)).toMatch(/JWT expired/);
    socket.close();
  });

  it("closes the channels of a socket that pushes an invalid access token, instead of keeping its privileges", async () => {
    const team = await signedIn(backend.url);
    const received: ChangePayload[] = [];
    const statuses: string[] = [];
    const channel = team
      .channel("invalid-token")
      .on("postgres_changes", { event: "*", schema: "public", table: "calendar_events" }, (payload: ChangePayload) =>
        received.push(payload),
      );
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        statuses.push(status);
        if (status === "SUBSCRIBED") resolve();
      }),
    );
    await team.realtime.setAuth(await signJwt({ role: "service_role" }, "not-the-secret"));
    await until(() => statuses.includes("CLOSED") || statuses.includes("CHANNEL_ERROR"), "the channel to close");
    await (await signedIn(backend.url)).from("calendar_events").insert(event("After a bad token", "2025-03-04"));
    await pause(300);
    expect(received).toEqual([]);
  });
});

describe("a short token lifetime: refresh keeps REST and realtime working", () => {
  // Long enough for a sign-in, a join and a first change before the tokens expire on a slow machine (3 s on
  // two cores, 6 on one; tools/test-pace.mjs), short enough to wait out.
  const LIFETIME_SECONDS = Math.round(patient(1000) / 1000);
  /** Until every token made before it has expired. */
  const expiry = () => pause(LIFETIME_SECONDS * 1000 + 200);
  let shortLived: Backend;
  beforeAll(async () => {
    shortLived = await freshBackend({ jwtExpirySeconds: LIFETIME_SECONDS });
  });
  afterAll(async () => {
    await shortLived.close();
  });

  it("stops delivering to expired claims, and a refreshed token resumes delivery and REST", async () => {
    const subscriber = await signedIn(shortLived.url);
    const received: ChangePayload[] = [];
    await subscribe(subscriber, received);
    const writer = await signedIn(shortLived.url);
    await writer.from("calendar_events").insert(event("Before expiry", "2025-05-01"));
    await until(() => received.length === 1, "the first change");

    await expiry(); // the writer's client refreshes before its next call
    expect((await writer.from("calendar_events").insert(event("While expired", "2025-05-02"))).status).toBe(201);
    await pause(300);
    expect(titles(received)).toEqual(["Before expiry"]);

    // The subscriber's token refreshes: TOKEN_REFRESHED hands the new token to the realtime channel.
    const { error } = await subscriber.auth.refreshSession();
    expect(error).toBeNull();
    await pause(100);
    await writer.from("calendar_events").insert(event("After refresh", "2025-05-03"));
    await until(() => received.length === 2, "the change after the refresh");
    expect(titles(received)).toEqual(["Before expiry", "After refresh"]);
    const { data, status } = await subscriber.from("calendar_events").select("title").order("start_date");
    expect(status).toBe(200);
    expect(data?.map((row) => row.title)).toEqual(["Before expiry", "While expired", "After refresh"]);
  });

  it("refuses a REST call with an expired token (401 PGRST301) rather than serving anon", async () => {
    const team = await signedIn(shortLived.url);
    const token = (await team.auth.getSession()).data.session!.access_token;
    await expiry();
    const response = await fetch(`${shortLived.url}/rest/v1/calendar_events?select=id`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "PGRST301", message: "JWT expired" });
  });
});
