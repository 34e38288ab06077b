import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { DEFAULT_MIGRATIONS_DIR } from "./database.mjs";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import {
  type Backend,
  type ChangePayload,
  client,
  event,
  freshBackend,
  signedIn,
  subscribe,
  until,
  withBackend,
} from "./test-helpers";

let backend: Backend;
withBackend((started) => (backend = started));

describe("realtime on calendar_events, for team sessions", () => {
  it("delivers a second client's insert to the subscriber's callback", async () => {
    const received: ChangePayload[] = [];
    const subscriber = await signedIn(backend.url);
    const channel = await subscribe(subscriber, received);
    await (await signedIn(backend.url)).from("calendar_events").insert(event("Soundcheck", "2025-04-22"));
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({
      schema: "public",
      table: "calendar_events",
      eventType: "INSERT",
      new: { title: "Soundcheck", event_type: "gig", start_date: "2025-04-22T12:00:00+00:00" },
    });
    expect(await subscriber.removeChannel(channel)).toBe("ok");
  });

  it("stops delivering after the channel is removed", async () => {
    const received: ChangePayload[] = [];
    const kept: ChangePayload[] = [];
    const subscriber = await signedIn(backend.url);
    const channel = await subscribe(subscriber, received);
    // A second channel on the same socket, kept: once it hears the change, the removed one would have too.
    await subscribe(subscriber, kept, { name: "kept" });
    expect(await subscriber.removeChannel(channel)).toBe("ok");
    await subscriber.from("calendar_events").insert(event("After leaving", "2025-04-24"));
    await until(() => kept.length === 1, "the kept channel hearing the change");
    expect(received).toEqual([]);
  });

  it("sends nothing for refused writes", async () => {
    const received: ChangePayload[] = [];
    const subscriber = await signedIn(backend.url);
    await subscribe(subscriber, received);
    const { error } = await subscriber
      .from("calendar_events")
      .insert(event("Bad", "2025-04-25", { event_type: "nap" }));
    expect(error).not.toBeNull();
    // A write that goes through after it: changes come in order, so once it is heard, a leak would have been.
    await subscriber.from("calendar_events").insert(event("Marker", "2025-04-25"));
    await until(() => received.length > 0, "the marker's change");
    expect(received.map((change) => (change.new as { title: string }).title)).toEqual(["Marker"]);
  });

  it("refuses a socket without a valid key", async () => {
    const { default: WebSocket } = await import("ws");
    const socket = new WebSocket(`${backend.url.replace("http", "ws")}/realtime/v1/websocket?apikey=forged&vsn=2.0.0`);
    const status = await new Promise((resolve) =>
      socket.once("unexpected-response", (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(401);
  });
});

describe("realtime follows row-level security and hosted semantics", () => {
  beforeAll(async () => {
    // A table the anon role may read only partly, added the way a later migration would.
    await backend.db.exec(`
      create table public.notes (id int primary key, body text not null, shared boolean not null default false);
      alter table public.notes enable row level security;
      grant select on public.notes to anon;
      grant all on public.notes to service_role;
      create policy "shared notes are public" on public.notes for select to anon using (shared);
      alter publication supabase_realtime add table public.notes;
    `);
  });

  it("pushes a row only to subscribers whose role may read it; updates and deletes carry only the old key", async () => {
    const asAnon: ChangePayload[] = [];
    const asAdmin: ChangePayload[] = [];
    await subscribe(client(backend.url), asAnon, { table: "notes" });
    await subscribe(client(backend.url, LOCAL_SERVICE_ROLE_KEY), asAdmin, { table: "notes" });
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await admin.from("notes").insert({ id: 1, body: "private" });
    await admin.from("notes").insert({ id: 2, body: "public", shared: true });
    await admin.from("notes").update({ body: "still private" }).eq("id", 1);
    await admin.from("notes").delete().eq("id", 2);
    await until(() => asAdmin.length === 4);
    await until(() => asAnon.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asAdmin.map((p) => p.eventType)).toEqual(["INSERT", "INSERT", "UPDATE", "DELETE"]);
    expect(asAdmin[2]).toMatchObject({ new: { id: 1, body: "still private" }, old: { id: 1 } });
    expect(Object.keys(asAdmin[2].old)).toEqual(["id"]);
    expect(asAnon.map((p) => [p.eventType, p.eventType === "DELETE" ? p.old : p.new])).toEqual([
      ["INSERT", { id: 2, body: "public", shared: true }],
      ["DELETE", { id: 2 }],
    ]);
  });

  it("sends a subscriber only the columns its role may select, as hosted Realtime does", async () => {
    await backend.db.exec(`
      create table public.notices (id int primary key, body text not null, secret text);
      grant select (id, body) on public.notices to anon;
      grant all on public.notices to service_role;
      alter table public.notices replica identity full;
      alter publication supabase_realtime add table public.notices;
    `);
    const asAnon: ChangePayload[] = [];
    const asAdmin: ChangePayload[] = [];
    await subscribe(client(backend.url), asAnon, { table: "notices" });
    await subscribe(client(backend.url, LOCAL_SERVICE_ROLE_KEY), asAdmin, { table: "notices" });
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await admin.from("notices").insert({ id: 1, body: "Doors at eight", secret: "Van code 4471" });
    await admin.from("notices").update({ body: "Doors at nine" }).eq("id", 1);
    await until(() => asAdmin.length === 2 && asAnon.length === 2);
    expect(asAdmin[0]).toMatchObject({ new: { id: 1, body: "Doors at eight", secret: "Van code 4471" } });
    expect(asAnon.map((change) => [change.eventType, change.new, change.old])).toEqual([
      ["INSERT", { id: 1, body: "Doors at eight" }, {}],
      ["UPDATE", { id: 1, body: "Doors at nine" }, { id: 1, body: "Doors at eight" }],
    ]);
    expect(JSON.stringify(asAnon)).not.toContain("Van code");
    // Nor may a filter tell what a held-back column holds: refused, as hosted Realtime refuses it.
    await expect(
      subscribe(client(backend.url), [], { table: "notices", filter: "secret=eq.Van code 4471" }),
    ).rejects.toThrow(/invalid column for filter secret/);
    const byBody: ChangePayload[] = [];
    await subscribe(client(backend.url), byBody, { table: "notices", filter: "body=eq.Doors at ten" });
    await admin.from("notices").update({ body: "Doors at ten" }).eq("id", 1);
    await until(() => byBody.length === 1);
    expect(byBody[0]!.new).toEqual({ id: 1, body: "Doors at ten" });
  });

  it("delivers only the rows a filter matches", async () => {
    const received: ChangePayload[] = [];
    await subscribe(await signedIn(backend.url), received, { filter: "title=eq.Matinee" });
    const writer = await signedIn(backend.url);
    await writer.from("calendar_events").insert(event("Evening show", "2025-04-26"));
    await writer.from("calendar_events").insert(event("Matinee", "2025-04-26"));
    await until(() => received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((p) => (p.new as { title: string }).title)).toEqual(["Matinee"]);
  });

  it("refuses a subscription it cannot serve instead of staying silent", async () => {
    await expect(subscribe(client(backend.url), [], { filter: "title=like.Mat*" })).rejects.toThrow(
      /filter "title=like.Mat\*" is not one Realtime serves/,
    );
    // Hosted Realtime compares with lt, lte, gt and gte; the local backend says it does not.
    await expect(subscribe(client(backend.url), [], { filter: "start_date=gt.2025-01-01" })).rejects.toThrow(
      /filter "start_date=gt.2025-01-01" is not served by the local backend/,
    );
    await expect(subscribe(client(backend.url), [], { table: "no_such_table" })).rejects.toThrow(
      /table no_such_table not found/,
    );
  });
});

describe("what hosted Realtime serves and the local backend does not", () => {
  it("answers Broadcast and Presence with an error naming them, and refuses a private channel", async () => {
    const supabase = await signedIn(backend.url);
    // With ack, realtime-js waits for the server's answer (without, it reports "ok" unanswered).
    const channel = supabase.channel("room", { config: { broadcast: { ack: true } } });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) => (status === "SUBSCRIBED" ? resolve() : status !== "CLOSED" && reject(status))),
    );
    expect(await channel.send({ type: "broadcast", event: "hello", payload: { from: "test" } })).toBe("error");
    expect(await channel.track({ online: true })).toBe("error");
    const reasons: string[] = [];
    const privately = supabase.channel("private-room", { config: { private: true } });
    await new Promise<void>((resolve) =>
      privately.subscribe((status, error) => {
        if (status === "CHANNEL_ERROR") {
          reasons.push(String(error?.message));
          resolve();
        }
      }),
    );
    expect(reasons[0]).toMatch(/Private channels are not served by the local backend/);
  });
});

describe("persistence", () => {
  it(
    "keeps data across restarts and applies each migration once",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-db-"));
      try {
        const first = await freshBackend({ dataDir });
        await (await signedIn(first.url)).from("contacts").insert({ id: "persisted", name: "Kept", role: "Agent" });
        await first.close();
        const second = await freshBackend({ dataDir });
        const { data } = await (await signedIn(second.url)).from("contacts").select("name");
        expect(data).toEqual([{ name: "Kept" }]);
        const { rows } = await second.db.query<{ version: string }>(
          "select version from stagedoor_internal.schema_migrations order by version",
        );
        const files = readdirSync(DEFAULT_MIGRATIONS_DIR).filter((file) => file.endsWith(".sql"));
        expect(rows.map((row) => row.version)).toEqual(files.sort());
        await second.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    patient(90_000),
  ); // two cold database starts: slow on a busy two-core machine
});
